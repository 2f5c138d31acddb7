export { default, loader, meta } from './paymentplan';
