// undici's Pool and its request() on their own: importing the package root also loads fetch,
// WebSocket, caches and more (about 250 KB of the bundle) that this client never uses.
declare module 'undici/lib/dispatcher/pool.js' {
  import type { Pool } from 'undici';
  const PoolClass: typeof Pool;
  export default PoolClass;
}
declare module 'undici/lib/api/api-request.js' {
  import type { Dispatcher } from 'undici';
  /** Dispatcher.prototype.request, called with the pool as `this`. */
  function request(this: Dispatcher, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData>;
  export default request;
}
