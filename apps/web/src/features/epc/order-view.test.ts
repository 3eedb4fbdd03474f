/** What the order screens read off the process definition: who acts now, sub-status names, agent staff. */
import { describe, expect, it } from 'vitest';
import { currentRoles, isAgentStaff, roleName, stageName, stageOptions, subStatusName } from './api';

describe('order view helpers', () => {
  it('names the roles acting now: the actors, a review’s reviewers, the examiners of a pending request', () => {
    expect(currentRoles({ stage: 'survey', inReview: false, pending: null })).toEqual(['site_technician', 'electrician']);
    expect(currentRoles({ stage: 'callout_quote', inReview: false, pending: null })).toEqual(['delivery_manager']);
    expect(currentRoles({ stage: 'callout_quote', inReview: true, pending: null })).toEqual(['finance']);
    expect(currentRoles({ stage: 'survey', inReview: false, pending: 'cancel' })).toEqual(['rollout_manager', 'administrator']);
    expect(currentRoles({ stage: 'completed', inReview: false, pending: null })).toEqual([]);
    expect(currentRoles({ stage: 'no_such_stage', inReview: false, pending: null })).toEqual([]);
  });

  it('takes stage, role and sub-status names from the definition in the UI language', () => {
    expect(stageName('survey_review', 'en-US')).toBe('Survey review');
    expect(stageName('survey_review', 'zh-CN')).toBe('勘测审核');
    expect(roleName('rollout_manager', 'zh-CN')).toBe('实施经理');
    expect(roleName('unknown_role', 'en-US')).toBe('unknown_role');
    expect(subStatusName('ess_quotation', 'in_review', 'en-US')).toBe('Awaiting review');
    expect(subStatusName('ess_quotation', 'in_review', 'zh-CN')).toBe('待审核');
    expect(subStatusName('survey', null, 'en-US')).toBe('');
    expect(stageOptions('en-US')[0]).toEqual({ value: 'create', label: 'Create order' });
  });

  it('tells agent staff (no agent filter) from platform users', () => {
    expect(isAgentStaff(['agent'])).toBe(true);
    expect(isAgentStaff(['site_technician'])).toBe(true);
    expect(isAgentStaff(['finance'])).toBe(false);
    expect(isAgentStaff(['administrator', 'agent'])).toBe(false);
    expect(isAgentStaff([])).toBe(false);
  });
});
