/** Where objects live: any S3-compatible store, or the embedded one. */
export interface StorageConnection {
  endpoint: string | null;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  uploadUrlTtlSeconds: number;
}
export const STORAGE_CONNECTION = Symbol('STORAGE_CONNECTION');
