// The attachments of a new ticket or a reply: each file uploaded as it is picked, a refusal told with the server's
// reason; the parent learns the uploaded files and whether one is still on its way.
import { AttachmentPicker, type AttachmentState } from '@uc/client';
import { errorText } from '../../../lib/http/api-error';
import { uploadTicketFile } from '../api/ticket-files';

export const NO_ATTACHMENTS: AttachmentState = { files: [], uploading: false };

export function TicketAttachments({ onChange }: { onChange: (state: AttachmentState) => void }) {
  return (
    <AttachmentPicker
      upload={uploadTicketFile}
      onChange={onChange}
      failureText={(error) => errorText(error, '上传失败，请稍后重试')}
    />
  );
}
