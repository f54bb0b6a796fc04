import { launchFirefox } from './drivers'
import { crossBrowserSuite } from './suite'

crossBrowserSuite('Firefox ESR', {
  code: 'FF',
  launch: launchFirefox,
  port: 4441,
  pending: {
    'navigation during loading':
      'issue 31 point 1, branch h31fix: Firefox rejects the imports of a page being left and chunk ' +
      'recovery then reloads that page, replacing the navigation; unskip once h31fix is merged',
  },
})
