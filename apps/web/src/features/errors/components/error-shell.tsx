// Frame of the error pages: a slim brand strip and a centred result with the service contact.
import { Result, type ResultProps } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../../components/logo';
import { ServiceContact } from '../../../components/service-contact';
import { SiteFooter } from '../../../components/site-footer';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { paths } from '../../../paths';

export function ErrorShell({
  docTitle,
  status,
  icon,
  title,
  subTitle,
  extra,
  note,
}: {
  docTitle: string;
  status?: ResultProps['status'];
  icon?: ReactNode;
  title: ReactNode;
  subTitle: ReactNode;
  extra: ReactNode;
  note?: ReactNode;
}) {
  useDocumentTitle(docTitle);
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', background: '#f3f5f9' }}>
      <header
        style={{
          height: 56,
          display: 'flex',
          alignItems: 'center',
          padding: '0 24px',
          background: '#fff',
          borderBottom: '1px solid #f0f0f0',
        }}
      >
        <Link to={paths.dashboard} aria-label="返回会员中心">
          <Logo size={30} color="#1f1f1f" />
        </Link>
      </header>
      <main style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 24 }}>
        <div
          style={{
            width: '100%',
            maxWidth: 640,
            background: '#fff',
            borderRadius: 16,
            padding: '16px 24px 32px',
            boxShadow: '0 10px 40px rgba(15,35,95,0.06)',
          }}
        >
          <Result
            {...(status ? { status } : {})}
            {...(icon ? { icon } : {})}
            title={title}
            subTitle={
              <>
                <div>{subTitle}</div>
                {note && <div style={{ marginTop: 4 }}>{note}</div>}
              </>
            }
            extra={extra}
            styles={{ root: { paddingBottom: 16 } }}
          />
          <ServiceContact />
        </div>
      </main>
      <SiteFooter style={{ color: '#666666', padding: '16px 0 24px' }} />
    </div>
  );
}
