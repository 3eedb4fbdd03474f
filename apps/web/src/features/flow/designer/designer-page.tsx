/**
 * `/flow/model/design` (`?id=` to edit a model): the bpmn-js modeler (palette, context pad, replace menu, undo) with
 * the properties panel beside it, the model's name, key and description above it. Save runs the designer's own checks
 * (a start and an end event, nothing unconnected), then the server compiles the model as a deploy would and a refusal
 * lists each element with its reason; clicking one selects it in the drawing. "Save draft" stores without the checks.
 * A new model starts from start → user task → end. Import and export of the XML. This route is the only place bpmn-js's
 * modeler is loaded (the page is its own chunk).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Form, Input, Space, Upload } from 'antd';
import { ArrowLeftOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { HttpError } from '@/core/http/types';
import { toast } from '@/core/notify';
import { usePermission } from '@/core/permission/permission-store';
import { submitModel, useFlowRefresh, useModel } from '../api';
import { lintDiagram, serverIssues } from './lint';
import { newDiagram } from './new-diagram';
import { PropertiesPanel } from './properties-panel';
import { reasonKey, typeKey } from './reasons';
import { lintNodes, useModeler, type DesignerApi } from './use-modeler';
import './designer.css';

interface Header {
  name: string;
  modelKey: string;
  description?: string;
}

interface Issue {
  elementId?: string;
  text: string;
}

const ERROR_MARKER = 'helio-flow-error';

/** Fits a large diagram into the canvas; a small one stays at 100 %, top left, clear of the palette. */
function placeDiagram(api: DesignerApi) {
  const scale = api.canvas.zoom('fit-viewport', 'auto');
  if (scale < 1) return;
  api.canvas.zoom(1);
  const v = api.canvas.viewbox();
  api.canvas.viewbox({ x: v.inner.x - 110, y: v.inner.y - 60, width: v.width, height: v.height });
}

export function DesignerPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { has } = usePermission();
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const model = useModel(id);
  const refresh = useFlowRefresh();
  const [form] = Form.useForm<Header>();
  const host = useRef<HTMLDivElement>(null);
  const { api, selected, revision } = useModeler(host);
  const loadedFor = useRef<string | null>(null);
  const version = useRef<number | undefined>(undefined);
  const [issues, setIssues] = useState<Issue[]>([]);
  const [saving, setSaving] = useState(false);
  const canSave = has(id ? 'flow_model_edit' : 'flow_model_add');

  const importXml = useCallback(
    async (xml: string) => {
      if (!api) return;
      try {
        await api.modeler.importXML(xml);
        placeDiagram(api);
        setIssues([]);
      } catch (e) {
        toast.error(t('flow.designer.importFailed', { reason: e instanceof Error ? e.message : String(e) }));
      }
    },
    [api, t],
  );

  // Load the model once (a new one: the starting diagram); a save that gives a new model its id loads nothing.
  useEffect(() => {
    if (!api) return;
    const wanted = id ?? '';
    if (loadedFor.current === wanted) return;
    if (id && !model.data) return;
    loadedFor.current = wanted;
    if (model.data && id) {
      form.setFieldsValue({ name: model.data.name, modelKey: model.data.modelKey, description: model.data.description ?? '' });
      version.current = model.data.version;
    }
    void importXml(model.data?.xml || newDiagram(model.data?.modelKey || 'process_1', model.data?.name ?? '', t('flow.designer.firstTask')));
  }, [api, id, model.data, form, importXml, t]);

  const mark = (list: Issue[]) => {
    if (!api) return;
    for (const e of api.registry.getAll()) api.canvas.removeMarker(e.id, ERROR_MARKER);
    for (const i of list) if (i.elementId && api.registry.get(i.elementId)) api.canvas.addMarker(i.elementId, ERROR_MARKER);
    setIssues(list);
  };

  const elementName = (elementId: string | undefined, element?: string) => {
    const el = elementId ? api?.registry.get(elementId) : undefined;
    const type = typeKey(element ?? el?.type);
    const typeName = type ? t(`flow.type.${type}`, { defaultValue: type }) : '';
    return [typeName, el?.businessObject.name ? `"${el.businessObject.name}"` : '', elementId ? `(${elementId})` : ''].filter(Boolean).join(' ');
  };

  const save = async (validate: boolean) => {
    if (!api) return;
    let header: Header;
    try {
      header = await form.validateFields();
    } catch {
      return;
    }
    // The process takes the model's key and name: a deployment's definition is known by them.
    const root = api.canvas.getRootElement();
    if (root.businessObject.id !== header.modelKey && !api.registry.get(header.modelKey)) api.modeling.updateProperties(root, { id: header.modelKey });
    if (root.businessObject.name !== header.name) api.modeling.updateProperties(root, { name: header.name });
    if (validate) {
      const found = lintDiagram(root.id, lintNodes(api));
      if (found.length) {
        mark(found.map((i) => ({ elementId: i.elementId, text: t(`flow.lint.${i.rule}`, { element: elementName(i.elementId) }) })));
        toast.error(t('flow.designer.checkFailed', { count: found.length }));
        return;
      }
    }
    const { xml } = await api.modeler.saveXML({ format: true });
    setSaving(true);
    try {
      const saved = await submitModel(
        { id: id ?? null, modelKey: header.modelKey, name: header.name, description: header.description || null, xml: xml ?? '', version: version.current ?? null, validate },
        validate,
      );
      mark([]);
      version.current = saved.version;
      toast.success(t('flow.designer.saved'));
      await refresh();
      if (!id) {
        loadedFor.current = saved.id;
        void navigate(`/flow/model/design?id=${saved.id}`, { replace: true });
      }
    } catch (e) {
      if (e instanceof HttpError && e.code === 400) {
        const found = serverIssues(e.message);
        const parsed = found.some((f) => f.elementId);
        if (!parsed) toast.error(e.message);
        else toast.error(t('flow.designer.serverRefused', { count: found.length }));
        mark(
          parsed
            ? found.map((f) => {
                const known = reasonKey(f.reason);
                const reason = known ? t(`flow.reason.${known.key}`, { 1: known.arg ?? '' }) : f.reason;
                return { elementId: f.elementId, text: `${elementName(f.elementId, f.element)}: ${reason}` };
              })
            : [{ text: e.message }],
        );
      }
    } finally {
      setSaving(false);
    }
  };

  const exportXml = async () => {
    if (!api) return;
    const { xml } = await api.modeler.saveXML({ format: true });
    const url = URL.createObjectURL(new Blob([xml ?? ''], { type: 'application/xml' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${form.getFieldValue('modelKey') || 'process'}.bpmn20.xml`;
    link.click();
    URL.revokeObjectURL(url);
  };

  const focus = (elementId?: string) => {
    const el = elementId ? api?.registry.get(elementId) : undefined;
    if (!api || !el) return;
    api.selection.select(el);
    api.canvas.scrollToElement(el);
  };

  return (
    <Card
      title={<h2 style={{ margin: 0, fontSize: 16 }}>{id ? t('flow.designer.editTitle', { name: model.data?.name ?? '' }) : t('flow.designer.newTitle')}</h2>}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate('/flow/model')}>
          {t('flow.designer.back')}
        </Button>
      }
    >
      <Form<Header> form={form} layout="inline" name="flow-model" className="helio-flow-header" disabled={!canSave}>
        <Form.Item name="name" label={t('flow.field.name')} rules={[{ required: true, message: t('flow.rule.name') }, { max: 100 }]}>
          <Input style={{ width: 200 }} />
        </Form.Item>
        <Form.Item
          name="modelKey"
          label={t('flow.field.modelKey')}
          rules={[
            { required: true, message: t('flow.rule.modelKey') },
            { pattern: /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/, message: t('flow.rule.modelKeyFormat') },
          ]}
        >
          <Input style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="description" label={t('flow.field.description')} rules={[{ max: 500 }]}>
          <Input style={{ width: 260 }} />
        </Form.Item>
      </Form>
      <Space wrap style={{ margin: '12px 0' }}>
        {canSave && (
          <>
            <Button type="primary" loading={saving} onClick={() => void save(true)}>
              {t('flow.designer.save')}
            </Button>
            <Button disabled={saving} onClick={() => void save(false)}>
              {t('flow.designer.saveDraft')}
            </Button>
          </>
        )}
        <Upload
          accept=".bpmn,.xml"
          showUploadList={false}
          beforeUpload={(file) => {
            void file.text().then(importXml);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />}>{t('flow.designer.import')}</Button>
        </Upload>
        <Button icon={<DownloadOutlined />} onClick={() => void exportXml()}>
          {t('flow.designer.export')}
        </Button>
      </Space>
      {issues.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('flow.designer.issues')}
          data-testid="flow-issues"
          description={
            <ul className="helio-flow-issues">
              {issues.map((i, n) => (
                <li key={`${i.elementId ?? ''}-${n}`}>
                  {i.elementId && api?.registry.get(i.elementId) ? (
                    <Button type="text" size="small" onClick={() => focus(i.elementId)}>
                      {i.text}
                    </Button>
                  ) : (
                    i.text
                  )}
                </li>
              ))}
            </ul>
          }
        />
      )}
      <div className="helio-flow-designer">
        <div ref={host} className="helio-flow-modeler" data-testid="flow-modeler" aria-label={t('flow.designer.canvas')} role="application" />
        <aside className="helio-flow-panel" aria-label={t('flow.props.title')}>
          {api && <PropertiesPanel api={api} element={selected} revision={revision} />}
        </aside>
      </div>
    </Card>
  );
}
