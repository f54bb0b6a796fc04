import { launchFirefox } from './drivers'
import { crossBrowserSuite } from './suite'

crossBrowserSuite('Firefox ESR', {
  code: 'FF',
  launch: launchFirefox,
  port: 4441,
})
