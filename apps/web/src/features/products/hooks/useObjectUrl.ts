export { useObjectUrl } from '@/lib/object-url';
