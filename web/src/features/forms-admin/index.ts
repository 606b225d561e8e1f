/*
 * What the advanced forms add to the back office's generic screens of their records (contracts/src/forms/
 * records.ts): on a form's screen, its public page and its pages' questions and workflows, with the ways to add
 * them; on a response's screen, its answers under their questions. Each screen's code loads with the screen.
 */
import { lazy } from 'react';
import type { ResourceScreenExtension } from '../../kit/admin/resources/extensions.tsx';

/** On a form's screen: its public page, its questions page by page, its workflows. */
export const formScreens: ResourceScreenExtension = {
  showActions: lazy(() => import('./form-outline.tsx').then((m) => ({ default: m.FormOutline }))),
};

/** On a response's screen: its answers, page by page, under their questions. */
export const formResponseScreens: ResourceScreenExtension = {
  showActions: lazy(() => import('./response-answers.tsx').then((m) => ({ default: m.ResponseAnswers }))),
};

/** On a workflow's create and edit screens: its settings chosen among its form's questions. */
export const formWorkflowScreens: ResourceScreenExtension = {
  fieldWidgets: {
    config: lazy(() => import('./workflow-config.tsx').then((m) => ({ default: m.WorkflowConfigField }))),
  },
};
