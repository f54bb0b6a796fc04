// React DOM's client as one of the console's own ES modules. The entry script imports it early (in a
// task of its own); imported straight from the CommonJS package, the import would need the
// bundler's interop helpers, a chunk the entry script then waits for before it can run at all.
export { createRoot } from 'react-dom/client'
