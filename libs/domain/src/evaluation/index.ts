export * from './document-reading';
export * from './combined-analysis';
export * from './certificate-and-contacts';
export * from './rigor-assessment';
export * from './evaluate-readings';
export * from './evaluation-details';
export * from './document-notices';
