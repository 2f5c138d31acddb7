export { action, default, loader, meta, shouldRevalidate } from './paymentplan/route';
