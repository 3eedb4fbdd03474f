/**
 * The designer's properties panel, bound to the modeler's modeling API (every change is one undoable command): id and
 * name of any element; for a user task its assignee, candidate users and groups, form key and due date; for a start
 * event its form key and initiator variable; for a sequence flow its condition and whether it is its source's default
 * flow; for a timer event (catching or boundary) its duration or date, and whether a boundary timer interrupts. With
 * nothing selected: the process's candidate starters. Attributes are written as `flowable:` (what the engine reads).
 */
import { useEffect, useId, useState } from 'react';
import { Alert, Form, Input, Radio, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AssigneeProp, PeopleProp, useDirectory } from './people-props';
import type { BusinessObject, DesignerApi, DiagramElement } from './use-modeler';

const ID = /^[A-Za-z_][A-Za-z0-9_.-]{0,254}$/;
const DEFAULT_SOURCES = /^bpmn:(ExclusiveGateway|InclusiveGateway|UserTask|Task|ServiceTask|ManualTask|SubProcess)$/;

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** A text field that writes on every change (id: on blur or Enter, after its checks). */
function TextProp(props: { label: string; value: string; onChange(v: string): void; placeholder?: string; extra?: string; area?: boolean }) {
  const { label, value, onChange, placeholder, extra, area } = props;
  const id = useId();
  return (
    <Form.Item label={label} extra={extra} htmlFor={id}>
      {area ? (
        <Input.TextArea id={id} value={value} placeholder={placeholder} autoSize={{ minRows: 2, maxRows: 5 }} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <Input id={id} value={value} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />
      )}
    </Form.Item>
  );
}

function IdProp({ api, element }: { api: DesignerApi; element: DiagramElement }) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState(element.businessObject.id);
  const [error, setError] = useState<string>();
  useEffect(() => {
    setDraft(element.businessObject.id);
    setError(undefined);
  }, [element, element.businessObject.id]);
  const commit = () => {
    const next = draft.trim();
    if (next === element.businessObject.id) return setError(undefined);
    if (!ID.test(next)) return setError(t('flow.props.idInvalid'));
    if (api.registry.get(next)) return setError(t('flow.props.idTaken'));
    setError(undefined);
    api.modeling.updateProperties(element, { id: next });
  };
  return (
    <Form.Item label={t('flow.props.id')} htmlFor={id} validateStatus={error ? 'error' : undefined} help={error}>
      <Input id={id} value={draft} onChange={(e) => setDraft(e.target.value)} onBlur={commit} onPressEnter={commit} />
    </Form.Item>
  );
}

function timerOf(bo: BusinessObject): BusinessObject | undefined {
  return bo.eventDefinitions?.find((d) => d.$type === 'bpmn:TimerEventDefinition');
}

function TimerProps({ api, element, timer }: { api: DesignerApi; element: DiagramElement; timer: BusinessObject }) {
  const { t } = useTranslation();
  const kind = timer.timeDate ? 'date' : 'duration';
  const value = (kind === 'date' ? timer.timeDate?.body : timer.timeDuration?.body) ?? '';
  const id = useId();
  const write = (k: 'duration' | 'date', v: string) => {
    const expr = v ? api.factory.create('bpmn:FormalExpression', { body: v }) : undefined;
    api.modeling.updateModdleProperties(element, timer, {
      timeDuration: k === 'duration' ? expr : undefined,
      timeDate: k === 'date' ? expr : undefined,
      timeCycle: undefined,
    });
  };
  return (
    <>
      <Typography.Text strong>{t('flow.props.timer')}</Typography.Text>
      <Form.Item label={t('flow.props.timerKind')} htmlFor={id}>
        <Radio.Group
          id={id}
          aria-label={t('flow.props.timerKind')}
          optionType="button"
          value={kind}
          onChange={(e) => write(e.target.value as 'duration' | 'date', value)}
          options={[
            { value: 'duration', label: t('flow.props.timerDuration') },
            { value: 'date', label: t('flow.props.timerDate') },
          ]}
        />
      </Form.Item>
      <TextProp
        label={t('flow.props.timerValue')}
        value={value}
        placeholder={kind === 'date' ? '2026-12-31T18:00:00' : 'PT1H'}
        extra={t(kind === 'date' ? 'flow.props.timerDateHint' : 'flow.props.timerDurationHint')}
        onChange={(v) => write(kind, v)}
      />
      {element.type === 'bpmn:BoundaryEvent' && (
        <Form.Item label={t('flow.props.interrupting')} htmlFor={`${id}-interrupting`}>
          <Switch id={`${id}-interrupting`} checked={element.businessObject.cancelActivity !== false} onChange={(v) => api.modeling.updateProperties(element, { cancelActivity: v })} />
        </Form.Item>
      )}
    </>
  );
}

function FlowProps({ api, element }: { api: DesignerApi; element: DiagramElement }) {
  const { t } = useTranslation();
  const bo = element.businessObject;
  const source = element.source;
  const canDefault = Boolean(source && DEFAULT_SOURCES.test(source.type));
  const isDefault = Boolean(source && source.businessObject.default === bo);
  const id = useId();
  return (
    <>
      <TextProp
        area
        label={t('flow.props.condition')}
        value={bo.conditionExpression?.body ?? ''}
        placeholder="${days > 3}"
        extra={t('flow.props.conditionHint')}
        onChange={(v) =>
          api.modeling.updateProperties(element, { conditionExpression: v ? api.factory.create('bpmn:FormalExpression', { body: v }) : undefined })
        }
      />
      {canDefault && source && (
        <Form.Item label={t('flow.props.defaultFlow')} extra={t('flow.props.defaultFlowHint')} htmlFor={id}>
          <Switch id={id} checked={isDefault} onChange={(v) => api.modeling.updateProperties(source, { default: v ? bo : undefined })} />
        </Form.Item>
      )}
    </>
  );
}

function ProcessProps({ api, element }: { api: DesignerApi; element: DiagramElement }) {
  const { t } = useTranslation();
  const bo = element.businessObject;
  const set = (name: string) => (v: string) => api.modeling.updateProperties(element, { [name]: v || undefined });
  const { users, roles } = useDirectory();
  return (
    <>
      <Alert type="info" showIcon message={t('flow.props.processHint')} style={{ marginBottom: 12 }} />
      <PeopleProp label={t('flow.props.starterUsers')} value={str(bo.get('flowable:candidateStarterUsers'))} options={users} extra={t('flow.props.usersHint')} onChange={set('flowable:candidateStarterUsers')} />
      <PeopleProp label={t('flow.props.starterGroups')} value={str(bo.get('flowable:candidateStarterGroups'))} options={roles} extra={t('flow.props.groupsHint')} onChange={set('flowable:candidateStarterGroups')} />
    </>
  );
}

/** `revision`: changes with every change of the diagram, so the panel re-reads the values it shows. */
export function PropertiesPanel({ api, element }: { api: DesignerApi; element: DiagramElement | undefined; revision: number }) {
  const { t } = useTranslation();
  const directory = useDirectory();
  const root = api.canvas.getRootElement();
  const el = element && element.type !== 'label' ? element : root;
  const bo = el.businessObject as BusinessObject | undefined;
  // Before the first import the canvas holds an implicit root without a BPMN element.
  if (!bo) return null;
  const set = (name: string) => (v: string) => api.modeling.updateProperties(el, { [name]: v || undefined });
  const timer = timerOf(bo);
  const isProcess = el === root || el.type === 'bpmn:Process';

  return (
    <Form layout="vertical" size="small" key={el.id} aria-label={t('flow.props.title')} data-testid="flow-properties">
      <Typography.Title level={3} style={{ fontSize: 14, marginTop: 0 }}>
        {t('flow.props.title')}: {t(`flow.type.${bo.$type.replace('bpmn:', '')}`, { defaultValue: bo.$type.replace('bpmn:', '') })}
      </Typography.Title>
      {isProcess ? (
        <ProcessProps api={api} element={el} />
      ) : (
        <>
          <IdProp api={api} element={el} />
          <TextProp label={t('flow.props.name')} value={bo.name ?? ''} onChange={(v) => api.modeling.updateProperties(el, { name: v || undefined })} />
          {bo.$type === 'bpmn:UserTask' && (
            <>
              <AssigneeProp label={t('flow.props.assignee')} value={str(bo.get('flowable:assignee'))} options={directory.users} placeholder="${initiator}" extra={t('flow.props.assigneeHint')} onChange={set('flowable:assignee')} />
              <PeopleProp label={t('flow.props.candidateUsers')} value={str(bo.get('flowable:candidateUsers'))} options={directory.users} extra={t('flow.props.usersHint')} onChange={set('flowable:candidateUsers')} />
              <PeopleProp label={t('flow.props.candidateGroups')} value={str(bo.get('flowable:candidateGroups'))} options={directory.roles} extra={t('flow.props.groupsHint')} onChange={set('flowable:candidateGroups')} />
              <TextProp label={t('flow.props.formKey')} value={str(bo.get('flowable:formKey'))} onChange={set('flowable:formKey')} />
              <TextProp label={t('flow.props.dueDate')} value={str(bo.get('flowable:dueDate'))} placeholder="P2D" extra={t('flow.props.dueDateHint')} onChange={set('flowable:dueDate')} />
            </>
          )}
          {bo.$type === 'bpmn:StartEvent' && !timer && (
            <>
              <TextProp label={t('flow.props.initiator')} value={str(bo.get('flowable:initiator'))} extra={t('flow.props.initiatorHint')} onChange={set('flowable:initiator')} />
              <TextProp label={t('flow.props.formKey')} value={str(bo.get('flowable:formKey'))} onChange={set('flowable:formKey')} />
            </>
          )}
          {bo.$type === 'bpmn:SequenceFlow' && <FlowProps api={api} element={el} />}
          {timer && <TimerProps api={api} element={el} timer={timer} />}
        </>
      )}
    </Form>
  );
}
