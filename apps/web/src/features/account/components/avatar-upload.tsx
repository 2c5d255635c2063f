// The account's avatar with 更换头像: PNG or JPEG up to 2 MB (checked here before the upload, and by the server), the
// chosen picture shown at once while it uploads; the header's avatar follows.
import { LoadingOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { AVATAR_MAX_BYTES, MSG } from '@uc/shared';
import { Avatar, Button, Spin, Typography, Upload, type UploadProps } from 'antd';
import { useEffect, useState } from 'react';
import { runtimeConfig } from '../../../lib/runtime-config';
import { useAuthStore } from '../../../lib/session/auth-store';
import { resolveAvatar } from '../../../lib/session/token';
import { toastError, toastSuccess } from '../../../lib/ui/feedback';
import { useUploadAvatar } from '../api/upload-avatar';
import { reportFailure } from '../model/failure';

const AVATAR_TYPES: readonly string[] = ['image/png', 'image/jpeg'];

/** The client-side check of a chosen file: the message to show, or null when it may be uploaded. */
export function avatarFileProblem(file: { type: string; size: number }): string | null {
  if (!AVATAR_TYPES.includes(file.type)) return MSG.avatarType;
  if (file.size > AVATAR_MAX_BYTES) return MSG.avatarTooLarge;
  return null;
}

export const avatarUrl = (avatar: string) => resolveAvatar(avatar, runtimeConfig().mainSiteUrl);

export function AvatarUpload({ userId, avatar }: { userId: number; avatar: string }) {
  const upload = useUploadAvatar(userId);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = avatarFileProblem(file);
    if (problem) {
      toastError(problem);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    if (!(file instanceof Blob)) return;
    setPreview(URL.createObjectURL(file));
    upload.mutate(file, {
      onSuccess: (data) => {
        useAuthStore.setState({ avatar: avatarUrl(data.avatar) });
        toastSuccess(MSG.avatarUpdated);
        setPreview(null);
        onSuccess?.(data);
      },
      onError: (error) => {
        reportFailure(error);
        setPreview(null);
        onError?.(error instanceof Error ? error : new Error(String(error)));
      },
    });
  };

  const src = preview ?? (avatar ? avatarUrl(avatar) : undefined);
  return (
    <div className="uc-account-avatar">
      <Spin spinning={upload.isPending} indicator={<LoadingOutlined />}>
        <Avatar size={96} src={src} icon={<UserOutlined />} alt="头像" data-testid="account-avatar" />
      </Spin>
      <Upload
        accept="image/png,image/jpeg"
        showUploadList={false}
        maxCount={1}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        disabled={upload.isPending}
      >
        <Button icon={<UploadOutlined />} loading={upload.isPending}>
          更换头像
        </Button>
      </Upload>
      <Typography.Text type="secondary" className="uc-account-small">
        支持 PNG、JPG 格式，大小不超过 2MB
      </Typography.Text>
    </div>
  );
}
