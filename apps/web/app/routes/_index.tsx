export { action, default, headers, loader, meta, shouldRevalidate } from './paymentplan/route';
