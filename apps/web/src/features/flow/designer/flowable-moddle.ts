/**
 * The `flowable:` attributes the properties panel edits (the engine reads `flowable:`, `camunda:` and `activiti:`
 * alike, apps/server/src/flow/README.md): a bpmn-moddle extension, so they are read and written as typed properties.
 */
export const flowableModdle = {
  name: 'Flowable',
  prefix: 'flowable',
  uri: 'http://flowable.org/bpmn',
  xml: { tagAlias: 'lowerCase' },
  associations: [],
  types: [
    {
      name: 'Assignable',
      isAbstract: true,
      extends: ['bpmn:UserTask'],
      properties: [
        { name: 'assignee', isAttr: true, type: 'String' },
        { name: 'candidateUsers', isAttr: true, type: 'String' },
        { name: 'candidateGroups', isAttr: true, type: 'String' },
        { name: 'dueDate', isAttr: true, type: 'String' },
      ],
    },
    {
      name: 'FormSupported',
      isAbstract: true,
      extends: ['bpmn:UserTask', 'bpmn:StartEvent'],
      properties: [{ name: 'formKey', isAttr: true, type: 'String' }],
    },
    {
      name: 'Initiator',
      isAbstract: true,
      extends: ['bpmn:StartEvent'],
      properties: [{ name: 'initiator', isAttr: true, type: 'String' }],
    },
    {
      name: 'Starters',
      isAbstract: true,
      extends: ['bpmn:Process'],
      properties: [
        { name: 'candidateStarterUsers', isAttr: true, type: 'String' },
        { name: 'candidateStarterGroups', isAttr: true, type: 'String' },
      ],
    },
  ],
};
