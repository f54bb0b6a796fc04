// Outbox layer: the ids of entities created here, apart from the queue, so the shell's waiting count
// reads them without loading the queue's code.

export const LOCAL_PREFIX = 'local:'
export const isLocalId = (id: string) => id.startsWith(LOCAL_PREFIX)
/** Where the platform's id of an entity created here is kept once its create has been sent. */
export const replacedIdKey = (resource: string, localId: string) => `id|${resource}|${localId}`
