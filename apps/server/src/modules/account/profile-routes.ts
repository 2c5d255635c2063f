// HTTP for the account's own data: the profile, the uploaded avatar and the avatar files themselves.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ACCOUNT_API, AVATAR_MAX_BYTES, avatarSchema, MSG, profileSchema, updateUserBody } from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors } from '../../errors.js';
import { AVATAR_URL_PREFIX } from '../../lib/avatar-url.js';
import { dataAt } from '../../lib/routes.js';
import { uploadedFile, uploadScope } from '../../lib/upload.js';
import { currentUser } from '../../plugins/auth.js';
import { clientOf } from '../auth/client.js';
import { AVATAR_FILE, avatarDir } from './avatar.js';
import { type AccountRoutesOptions, tags } from './route-common.js';

export const profileRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (
  app,
  { account, config, origin },
) => {
  dataAt(
    app,
    'GET',
    [ACCOUNT_API.profile],
    { config: { auth: true }, tags, summary: '账号信息', data: profileSchema },
    (request) => account.profile(currentUser(request), origin),
  );

  dataAt(
    app,
    'POST',
    [ACCOUNT_API.updateUser],
    {
      config: { auth: true },
      tags,
      summary: '修改账号信息',
      description: '表单或 JSON：name（联系人姓名，1-20个字符）。公司名称只读。',
      body: updateUserBody,
      data: profileSchema,
      message: MSG.saved,
    },
    (request) => account.updateProfile(currentUser(request), request.body.name, clientOf(request), origin),
  );

  // The avatar, the one route accepting multipart.
  await uploadScope(app, AVATAR_MAX_BYTES, (scope) =>
    dataAt(
      scope,
      'POST',
      [ACCOUNT_API.avatar],
      {
        config: { auth: true },
        tags,
        summary: '上传头像',
        description:
          'multipart/form-data，一个文件字段 file：PNG 或 JPEG（按文件头判断，不看 Content-Type），不超过 2MB。data.avatar 为本服务器上的绝对地址。',
        data: avatarSchema,
        message: MSG.avatarUpdated,
      },
      async (request) => {
        const user = currentUser(request);
        const { bytes } = await uploadedFile(request, {
          tooLarge: errors.avatarTooLarge,
          missing: errors.avatarRequired,
        });
        const stored = await account.setAvatar(user, bytes, clientOf(request));
        return { avatar: `${origin}${stored}` };
      },
    ),
  );

  // Uploaded avatars: random names, never changed, so cached for a year.
  app.get(`${AVATAR_URL_PREFIX}:file`, { schema: { hide: true } }, async (request, reply) => {
    const file = (request.params as { file?: string }).file ?? '';
    if (!AVATAR_FILE.test(file)) throw errors.notFound();
    let bytes: Buffer;
    try {
      bytes = await readFile(path.join(avatarDir(config.dataDir), file));
    } catch {
      throw errors.notFound();
    }
    return reply
      .type(file.endsWith('.png') ? 'image/png' : 'image/jpeg')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(bytes);
  });
};
