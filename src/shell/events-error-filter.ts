import { localSetting } from '../core/local-setting'

const isFlag = (v: string): v is 'true' | 'false' => v === 'true' || v === 'false'

/** The events list's "errors only" filter; choosing Events in the menu resets it. */
export const eventsErrorFilter = localSetting<'true' | 'false'>('events.error', 'false', isFlag)
