export * from './course-equivalency';
export * from './credit-system';
export * from './document-kind';
export * from './evidence';
export * from './positioned-lines';
export * from './transcript-reader';
export * from './read-document';
