import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  announcementSchema,
  announcementsReply,
  chatMessageSchema,
  communicationSettingsSchema,
  createAnnouncementSchema,
  markReadSchema,
  messageParams,
  messagesQuery,
  messagesReply,
  reportMessageSchema,
  sendMessageSchema,
  unreadCountsReply,
} from '#shared/schemas/chat.ts';
import { groupIdParam } from '#shared/schemas/groups.ts';
import { replies, successReply } from '#shared/schemas/replies.ts';
import { signedInUser } from '../auth/authenticate.ts';
import { createAnnouncement, listAnnouncements } from './announcements.ts';
import { listMessages, sendMessage } from './messages.ts';
import { approveMessage, deleteMessage, pinMessage, reportMessage, unpinMessage } from './moderation.ts';
import { markRead, unreadCounts } from './reads.ts';
import { readCommunicationSettings, writeCommunicationSettings } from './settings.ts';

/** The group chat, announcements (the News tab) and communication settings (issue 12). */
export async function chatRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['chat'];
  const messageReply = { tags, params: messageParams, response: replies({ 200: chatMessageSchema }) };

  api.get(
    '/api/groups/:groupId/messages',
    {
      schema: {
        tags,
        params: groupIdParam,
        querystring: messagesQuery,
        response: replies({ 200: messagesReply }),
      },
    },
    async (request) => listMessages(app.ctx, signedInUser(request), request.params.groupId, request.query),
  );

  api.post(
    '/api/groups/:groupId/messages',
    {
      schema: {
        tags,
        params: groupIdParam,
        body: sendMessageSchema,
        response: replies({ 201: chatMessageSchema }),
      },
    },
    async (request, reply) => {
      const message = await sendMessage(app.ctx, signedInUser(request), request.params.groupId, request.body);
      return reply.status(201).send(message);
    },
  );

  api.delete(
    '/api/groups/:groupId/messages/:messageId',
    { schema: { tags, params: messageParams, response: replies({ 200: successReply }) } },
    async (request) => {
      const { groupId, messageId } = request.params;
      return deleteMessage(app.ctx, signedInUser(request), groupId, messageId);
    },
  );

  api.post('/api/groups/:groupId/messages/:messageId/pin', { schema: messageReply }, async (request) => {
    const { groupId, messageId } = request.params;
    return pinMessage(app.ctx, signedInUser(request), groupId, messageId);
  });

  api.post('/api/groups/:groupId/messages/:messageId/unpin', { schema: messageReply }, async (request) => {
    const { groupId, messageId } = request.params;
    return unpinMessage(app.ctx, signedInUser(request), groupId, messageId);
  });

  api.post('/api/groups/:groupId/messages/:messageId/approve', { schema: messageReply }, async (request) => {
    const { groupId, messageId } = request.params;
    return approveMessage(app.ctx, signedInUser(request), groupId, messageId);
  });

  api.post(
    '/api/groups/:groupId/messages/:messageId/report',
    {
      schema: {
        tags,
        params: messageParams,
        body: reportMessageSchema,
        response: replies({ 200: successReply }),
      },
    },
    async (request) => {
      const { groupId, messageId } = request.params;
      return reportMessage(app.ctx, signedInUser(request), groupId, messageId, request.body.reason);
    },
  );

  api.post(
    '/api/groups/:groupId/messages/read',
    {
      schema: { tags, params: groupIdParam, body: markReadSchema, response: replies({ 200: successReply }) },
    },
    async (request) =>
      markRead(app.ctx, signedInUser(request), request.params.groupId, request.body.lastReadMessageId),
  );

  api.get(
    '/api/chat/unread',
    { schema: { tags, response: replies({ 200: unreadCountsReply }) } },
    async (request) => unreadCounts(app.ctx, signedInUser(request)),
  );

  api.get(
    '/api/groups/:groupId/announcements',
    { schema: { tags, params: groupIdParam, response: replies({ 200: announcementsReply }) } },
    async (request) => listAnnouncements(app.ctx, signedInUser(request), request.params.groupId),
  );

  api.post(
    '/api/groups/:groupId/announcements',
    {
      schema: {
        tags,
        params: groupIdParam,
        body: createAnnouncementSchema,
        response: replies({ 201: announcementSchema }),
      },
    },
    async (request, reply) => {
      const created = await createAnnouncement(
        app.ctx,
        signedInUser(request),
        request.params.groupId,
        request.body,
      );
      return reply.status(201).send(created);
    },
  );

  api.get(
    '/api/groups/:groupId/communication-settings',
    { schema: { tags, params: groupIdParam, response: replies({ 200: communicationSettingsSchema }) } },
    async (request) => readCommunicationSettings(app.ctx, signedInUser(request), request.params.groupId),
  );

  api.put(
    '/api/groups/:groupId/communication-settings',
    {
      schema: {
        tags,
        params: groupIdParam,
        body: communicationSettingsSchema,
        response: replies({ 200: communicationSettingsSchema }),
      },
    },
    async (request) =>
      writeCommunicationSettings(app.ctx, signedInUser(request), request.params.groupId, request.body),
  );
}
