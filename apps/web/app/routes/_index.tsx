export { action, default, handle, headers, loader, meta, shouldRevalidate } from './paymentplan/route';
