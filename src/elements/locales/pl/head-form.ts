import type { HeadFormMessages } from '../../head-form/messages.js';

export default {} satisfies HeadFormMessages;
