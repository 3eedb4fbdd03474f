/**
 * The standard leave process (BladeX's LeaveProcess.bpmn20.xml, written for Helio from its description; the same
 * document as test/fixtures/bpmn/LeaveProcess.bpmn20.xml), seeded and deployed on the first start. A TypeScript
 * string so the server bundle carries it. Candidate groups are role aliases (`manager`, `boss`); `${taskUser}` is
 * the HR approver's user id chosen on the form; `${applyUser}` the applicant (the start event's initiator).
 */
export const LEAVE_PROCESS_KEY = 'Leave';
export const LEAVE_RESOURCE_NAME = 'LeaveProcess.bpmn20.xml';

export const LEAVE_BPMN = `<?xml version="1.0" encoding="UTF-8"?>
<!-- The standard leave process of Flowable/BladeX (blade-flow's LeaveProcess.bpmn20.xml), written for Helio from its
     description: start (initiator applyUser) -> HR approval (assignee \${taskUser}) -> more than 3 days: the boss,
     otherwise a manager (candidate groups) -> approved: end; rejected: the applicant adjusts the request -> HR again. -->
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
             xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
             xmlns:flowable="http://flowable.org/bpmn"
             xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
             xmlns:omgdc="http://www.omg.org/spec/DD/20100524/DC"
             xmlns:omgdi="http://www.omg.org/spec/DD/20100524/DI"
             typeLanguage="http://www.w3.org/2001/XMLSchema"
             expressionLanguage="http://www.w3.org/1999/XPath"
             targetNamespace="http://www.flowable.org/processdef">
  <process id="Leave" name="请假流程" isExecutable="true">
    <documentation>请假流程演示</documentation>
    <startEvent id="start" name="开始" flowable:initiator="applyUser" flowable:formKey="leave-form"></startEvent>
    <userTask id="hrTask" name="人事审批" flowable:assignee="\${taskUser}" flowable:formKey="leave-handle">
      <extensionElements>
        <flowable:formProperty id="comment" name="comment" type="string"></flowable:formProperty>
      </extensionElements>
    </userTask>
    <exclusiveGateway id="judgeDays" name="天数判断"></exclusiveGateway>
    <userTask id="bossTask" name="老板审批" flowable:candidateGroups="boss"></userTask>
    <userTask id="managerTask" name="经理审批" flowable:candidateGroups="manager"></userTask>
    <exclusiveGateway id="judgePass" name="审批判断"></exclusiveGateway>
    <userTask id="adjustTask" name="调整申请" flowable:assignee="\${applyUser}"></userTask>
    <endEvent id="end" name="结束"></endEvent>
    <sequenceFlow id="flowStart" sourceRef="start" targetRef="hrTask"></sequenceFlow>
    <sequenceFlow id="flowHr" sourceRef="hrTask" targetRef="judgeDays"></sequenceFlow>
    <sequenceFlow id="flowBoss" name="大于3天" sourceRef="judgeDays" targetRef="bossTask">
      <conditionExpression xsi:type="tFormalExpression"><![CDATA[\${days > 3}]]></conditionExpression>
    </sequenceFlow>
    <sequenceFlow id="flowManager" name="小于等于3天" sourceRef="judgeDays" targetRef="managerTask">
      <conditionExpression xsi:type="tFormalExpression"><![CDATA[\${days <= 3}]]></conditionExpression>
    </sequenceFlow>
    <sequenceFlow id="flowBossDone" sourceRef="bossTask" targetRef="judgePass"></sequenceFlow>
    <sequenceFlow id="flowManagerDone" sourceRef="managerTask" targetRef="judgePass"></sequenceFlow>
    <sequenceFlow id="flowPass" name="同意" sourceRef="judgePass" targetRef="end">
      <conditionExpression xsi:type="tFormalExpression"><![CDATA[\${pass}]]></conditionExpression>
    </sequenceFlow>
    <sequenceFlow id="flowReject" name="驳回" sourceRef="judgePass" targetRef="adjustTask">
      <conditionExpression xsi:type="tFormalExpression"><![CDATA[\${!pass}]]></conditionExpression>
    </sequenceFlow>
    <sequenceFlow id="flowAdjust" sourceRef="adjustTask" targetRef="hrTask"></sequenceFlow>
  </process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_Leave">
    <bpmndi:BPMNPlane bpmnElement="Leave" id="BPMNPlane_Leave">
      <bpmndi:BPMNShape bpmnElement="start" id="BPMNShape_start"><omgdc:Bounds height="30.0" width="30.0" x="60.0" y="160.0"></omgdc:Bounds></bpmndi:BPMNShape>
      <bpmndi:BPMNShape bpmnElement="hrTask" id="BPMNShape_hrTask"><omgdc:Bounds height="80.0" width="100.0" x="140.0" y="135.0"></omgdc:Bounds></bpmndi:BPMNShape>
      <bpmndi:BPMNShape bpmnElement="judgeDays" id="BPMNShape_judgeDays"><omgdc:Bounds height="40.0" width="40.0" x="290.0" y="155.0"></omgdc:Bounds></bpmndi:BPMNShape>
      <bpmndi:BPMNShape bpmnElement="bossTask" id="BPMNShape_bossTask"><omgdc:Bounds height="80.0" width="100.0" x="380.0" y="60.0"></omgdc:Bounds></bpmndi:BPMNShape>
      <bpmndi:BPMNShape bpmnElement="managerTask" id="BPMNShape_managerTask"><omgdc:Bounds height="80.0" width="100.0" x="380.0" y="210.0"></omgdc:Bounds></bpmndi:BPMNShape>
      <bpmndi:BPMNShape bpmnElement="judgePass" id="BPMNShape_judgePass"><omgdc:Bounds height="40.0" width="40.0" x="530.0" y="155.0"></omgdc:Bounds></bpmndi:BPMNShape>
      <bpmndi:BPMNShape bpmnElement="adjustTask" id="BPMNShape_adjustTask"><omgdc:Bounds height="80.0" width="100.0" x="500.0" y="320.0"></omgdc:Bounds></bpmndi:BPMNShape>
      <bpmndi:BPMNShape bpmnElement="end" id="BPMNShape_end"><omgdc:Bounds height="28.0" width="28.0" x="620.0" y="161.0"></omgdc:Bounds></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge bpmnElement="flowStart" id="BPMNEdge_flowStart"><omgdi:waypoint x="90.0" y="175.0"></omgdi:waypoint><omgdi:waypoint x="140.0" y="175.0"></omgdi:waypoint></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge bpmnElement="flowHr" id="BPMNEdge_flowHr"><omgdi:waypoint x="240.0" y="175.0"></omgdi:waypoint><omgdi:waypoint x="290.0" y="175.0"></omgdi:waypoint></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge bpmnElement="flowBoss" id="BPMNEdge_flowBoss"><omgdi:waypoint x="310.0" y="155.0"></omgdi:waypoint><omgdi:waypoint x="310.0" y="100.0"></omgdi:waypoint><omgdi:waypoint x="380.0" y="100.0"></omgdi:waypoint></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge bpmnElement="flowManager" id="BPMNEdge_flowManager"><omgdi:waypoint x="310.0" y="195.0"></omgdi:waypoint><omgdi:waypoint x="310.0" y="250.0"></omgdi:waypoint><omgdi:waypoint x="380.0" y="250.0"></omgdi:waypoint></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge bpmnElement="flowBossDone" id="BPMNEdge_flowBossDone"><omgdi:waypoint x="480.0" y="100.0"></omgdi:waypoint><omgdi:waypoint x="550.0" y="100.0"></omgdi:waypoint><omgdi:waypoint x="550.0" y="155.0"></omgdi:waypoint></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge bpmnElement="flowManagerDone" id="BPMNEdge_flowManagerDone"><omgdi:waypoint x="480.0" y="250.0"></omgdi:waypoint><omgdi:waypoint x="550.0" y="250.0"></omgdi:waypoint><omgdi:waypoint x="550.0" y="195.0"></omgdi:waypoint></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge bpmnElement="flowPass" id="BPMNEdge_flowPass"><omgdi:waypoint x="570.0" y="175.0"></omgdi:waypoint><omgdi:waypoint x="620.0" y="175.0"></omgdi:waypoint></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge bpmnElement="flowReject" id="BPMNEdge_flowReject"><omgdi:waypoint x="550.0" y="195.0"></omgdi:waypoint><omgdi:waypoint x="550.0" y="320.0"></omgdi:waypoint></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge bpmnElement="flowAdjust" id="BPMNEdge_flowAdjust"><omgdi:waypoint x="500.0" y="360.0"></omgdi:waypoint><omgdi:waypoint x="190.0" y="360.0"></omgdi:waypoint><omgdi:waypoint x="190.0" y="215.0"></omgdi:waypoint></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</definitions>
`;
