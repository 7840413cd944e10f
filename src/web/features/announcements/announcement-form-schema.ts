import { z } from 'zod';
import {
  announcementAudiences,
  announcementPriorities,
  createAnnouncementSchema,
} from '#shared/schemas/chat.ts';

const shape = createAnnouncementSchema.shape;

/** The 'New Announcement' form: the shared schema's fields and the spec's messages (001 §5). */
export const announcementFormSchema = z.object({
  title: shape.title,
  content: shape.content,
  priority: z.enum(announcementPriorities),
  audience: z.enum(announcementAudiences),
});
export type AnnouncementFormValues = z.infer<typeof announcementFormSchema>;

/** The spec's starting form: empty title and content, normal priority; everyone hears it. */
export const emptyAnnouncement: AnnouncementFormValues = {
  title: '',
  content: '',
  priority: 'normal',
  audience: 'all',
};
