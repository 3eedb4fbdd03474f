/**
 * The order's quote documents and e-mails (contracts `order.quote.api.ts`): the quote PDF in either language, and the
 * call-out quote (when the order has one), quote, ESS payment and balance payment e-mails — their last attempt (to, subject, status, attachments, the text) and a send button
 * once the order has passed the stage that allows it (finance approved the quote; the payment, or the balance, is confirmed). A send
 * never moves the order; a refused one shows the server's reason and may simply be tried again.
 */
import { useState } from 'react';
import { Button, Card, Descriptions, Empty, Space, Tag, Typography } from 'antd';
import { DownloadOutlined, MailOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import * as quoteApi from '@helio/contracts/modules/epc/order.quote.api';
import type { DataOf } from '@helio/contracts/api/endpoint';
import { callEndpoint } from '@/core/http/endpoint';
import { downloadFile } from '@/core/http/download';
import { toast } from '@/core/notify';
import { usePermission } from '@/core/permission/permission-store';
import { type OrderDetail } from './api';
import { endpointOf, isMaint, processOf, useOrderEndpoint } from './process';

type Mail = NonNullable<DataOf<typeof quoteApi.quoteEmailDetail>['mail']>;

/** Whether the order's definition has `stage` and the order has left it forward, and is not cancelled. */
function past(detail: OrderDetail, stage: string): boolean {
  const def = processOf(detail.order.process);
  return def.indexOf(stage) >= 0 && detail.order.stage !== def.cancel.to && def.indexOf(detail.order.stage) > def.indexOf(stage);
}

function MailCard(props: { title: string; mail: Mail | null | undefined; canSend: boolean; notYet: string; send(): Promise<unknown>; testId: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const { mail } = props;
  const onSend = async () => {
    setBusy(true);
    try {
      await props.send();
      toast.success(t('epc.docs.sent'));
    } catch {
      // The HTTP client has shown the server's reason; the card shows the failed attempt after the reload.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card
      size="small"
      title={props.title}
      data-testid={props.testId}
      extra={
        props.canSend ? (
          <Button icon={<MailOutlined />} loading={busy} onClick={() => void onSend()}>
            {mail ? t('epc.docs.sendAgain') : t('epc.docs.send')}
          </Button>
        ) : (
          <Typography.Text type="secondary">{props.notYet}</Typography.Text>
        )
      }
    >
      {!mail ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('epc.docs.none')} />
      ) : (
        <Descriptions
          size="small"
          column={1}
          items={[
            {
              key: 'status',
              label: t('epc.docs.status'),
              children: <Tag color={mail.status === 'sent' ? 'success' : 'error'}>{t(`epc.docs.state.${mail.status}`)}</Tag>,
            },
            ...(mail.error ? [{ key: 'error', label: t('epc.docs.error'), children: mail.error }] : []),
            { key: 'to', label: t('epc.docs.to'), children: mail.to },
            { key: 'subject', label: t('epc.docs.subject'), children: mail.subject },
            { key: 'time', label: t('epc.docs.time'), children: `${mail.createTime} (${t('epc.docs.attempts', { n: mail.attempts })})` },
            {
              key: 'files',
              label: t('epc.docs.attachments'),
              children: mail.attachments.length ? mail.attachments.map((a) => `${a.name} (${Math.ceil(a.size / 1024)} KB)`).join(', ') : '–',
            },
            {
              key: 'body',
              label: t('epc.docs.body'),
              children: <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{mail.body}</Typography.Paragraph>,
            },
          ]}
        />
      )}
    </Card>
  );
}

export function DocumentsTab({ detail }: { detail: OrderDetail }) {
  const { t } = useTranslation();
  const { has } = usePermission();
  const orderId = detail.order.id;
  const process = detail.order.process;
  const quoteMail = useOrderEndpoint(process, quoteApi.quoteEmailDetail, { orderId });
  const paymentMail = useOrderEndpoint(process, quoteApi.paymentEmailDetail, { orderId });
  const send = (e: typeof quoteApi.quoteSendMail) => callEndpoint(endpointOf(process, e), undefined, { orderId });
  const quote = detail.data.quote as { lines?: unknown[] } | undefined;
  const hasQuote = Array.isArray(quote?.lines) && quote.lines.length > 0;
  const handle = has(isMaint(process) ? 'epc_maintenance_handle' : 'epc_order_handle');
  const balance = processOf(process).indexOf('balance_payment') >= 0;
  // The call-out quote's mail, once the order has one (its fee type charges the call-out).
  const callout = Boolean(detail.data.calloutQuote);
  // Each mail: its card, the stage the order must have passed, the endpoint that sends it and the detail to read again.
  const mails = [
    { testId: 'epc-callout-mail', text: 'callout', shown: callout, mail: quoteMail.data?.calloutMail, after: 'callout_quote', endpoint: quoteApi.calloutSendMail, reload: quoteMail.refetch },
    { testId: 'epc-quote-mail', text: 'quote', shown: true, mail: quoteMail.data?.mail, after: 'ess_quotation', endpoint: quoteApi.quoteSendMail, reload: quoteMail.refetch },
    { testId: 'epc-payment-mail', text: 'payment', shown: true, mail: paymentMail.data?.mail, after: 'ess_payment', endpoint: quoteApi.paymentConfirmSendMail, reload: paymentMail.refetch },
    { testId: 'epc-final-payment-mail', text: 'finalPayment', shown: balance, mail: paymentMail.data?.finalMail, after: 'balance_payment', endpoint: quoteApi.finalPaymentConfirmSendMail, reload: paymentMail.refetch },
  ];
  const pdf = (language: 'zh-CN' | 'en-US') =>
    void downloadFile(endpointOf(process, quoteApi.generateQuotePdf).url, { orderId, language }, `${detail.order.orderNumber}.pdf`).catch(() => undefined);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small" title={t('epc.docs.pdf')}>
        {hasQuote ? (
          <Space wrap>
            <Button icon={<DownloadOutlined />} onClick={() => pdf('zh-CN')}>
              {t('epc.docs.pdfZh')}
            </Button>
            <Button icon={<DownloadOutlined />} onClick={() => pdf('en-US')}>
              {t('epc.docs.pdfEn')}
            </Button>
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('epc.docs.noQuote')}</Typography.Text>
        )}
      </Card>
      {mails
        .filter((m) => m.shown)
        .map((m) => (
          <MailCard
            key={m.testId}
            testId={m.testId}
            title={t(`epc.docs.${m.text}Mail`)}
            mail={m.mail}
            canSend={handle && past(detail, m.after)}
            notYet={t(`epc.docs.${m.text}NotYet`)}
            send={() => send(m.endpoint).finally(() => void m.reload())}
          />
        ))}
    </Space>
  );
}
