import { ANNOUNCEMENT_PATHS, type AnnouncementAttachment } from '@console/contract';
import { http } from '../../lib/http';

/** A multipart form: straight through `http` (call() sends JSON). */
export function uploadAttachment(noticeId: number, file: File): Promise<AnnouncementAttachment> {
  const form = new FormData();
  form.append('file', file);
  return http.post<AnnouncementAttachment>(`${ANNOUNCEMENT_PATHS.attachments}?id=${noticeId}`, form, {
    timeout: 60_000,
  });
}

/** The file itself, not an envelope: read as a Blob. */
export function downloadAttachment(id: number): Promise<Blob> {
  return http.get<Blob>(ANNOUNCEMENT_PATHS.attachmentFile, {
    params: { id },
    responseType: 'blob',
    timeout: 120_000,
  });
}
