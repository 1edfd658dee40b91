import type { UseQueryResult } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { erpWorkMessages as m, type ProjectDeletion, type Task } from '../../../contracts/erp-work.contract';
import { canDeleteNow } from '../../api/project-deletion';
import { goesWithIt, ProjectDeletionSummary } from './project-deletion';
import { TaskCard } from './task-card';
import { taskFormValues } from './task-form-modal';
import { visibleText as text } from '../../api/test-markup';

// On the web: what the delete dialogs say goes with a project, Edit on the task
// cards of their creator or project manager (prefilled).

const nothing = () => undefined;

const task = (over: Partial<Task> = {}): Task => ({
  id: '00000000-0000-4000-8000-000000000001',
  title: 'Print the banner',
  description: 'Two metres wide',
  status: 'in_progress',
  priority: 'high',
  project: { id: '00000000-0000-4000-8000-000000000002', name: 'Trade fair' },
  assignee: { id: '00000000-0000-4000-8000-000000000003', firstName: 'Asha', lastName: 'Rao' },
  createdBy: { id: '00000000-0000-4000-8000-000000000004', firstName: 'Kiran', lastName: 'Das' },
  estimatedHours: 2.5,
  dueDate: '2026-12-01',
  completionPercentage: 40,
  canChange: true,
  canEdit: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

// The states of the counts query, as react-query gives them.
const loaded = (data: ProjectDeletion) =>
  ({ isPending: false, isError: false, isSuccess: true, data }) as UseQueryResult<ProjectDeletion>;
const loading = { isPending: true, isError: false, isSuccess: false } as UseQueryResult<ProjectDeletion>;
const failed = {
  isPending: false,
  isError: true,
  isSuccess: false,
  error: new Error('Network down'),
} as UseQueryResult<ProjectDeletion>;

describe('deleting a project: what the dialog says', () => {
  it('names how many tasks and entries go with it, in words that fit the numbers', () => {
    expect(goesWithIt({ tasks: 2, entries: 3, approvedHours: 0 })).toBe(
      'Deleted with it: 2 tasks and 3 timesheet entries.',
    );
    expect(goesWithIt({ tasks: 1, entries: 0, approvedHours: 0 })).toBe(
      'Deleted with it: 1 task and no timesheet entries.',
    );
    expect(goesWithIt({ tasks: 0, entries: 0, approvedHours: 0 })).toBe('It has no tasks or timesheet entries.');
  });

  it('shows the counts, or why it cannot be deleted, or that they are loading or failed; Delete waits for counts with nothing approved', () => {
    const summary = (q: UseQueryResult<ProjectDeletion>) =>
      text(renderToStaticMarkup(<ProjectDeletionSummary name="Trade fair" deletion={q} />));
    expect(summary(loaded({ tasks: 2, entries: 1, approvedHours: 0 }))).toBe(
      'Trade fair Deleted with it: 2 tasks and 1 timesheet entry. This cannot be undone.',
    );
    expect(summary(loaded({ tasks: 1, entries: 4, approvedHours: 3.5 }))).toBe(
      `Trade fair ${m.projectHasApprovedHours} (3.50 hrs approved).`,
    );
    expect(summary(loading)).toBe('Trade fair Counting its tasks and timesheet entries');
    expect(summary(failed)).toBe('Trade fair Could not count its tasks and timesheet entries: Network down Retry');
    expect(
      [
        loaded({ tasks: 0, entries: 0, approvedHours: 0 }),
        loaded({ tasks: 0, entries: 0, approvedHours: 1 }),
        loading,
        failed,
      ].map(canDeleteNow),
    ).toEqual([true, false, false, false]);
  });
});

describe('editing a task', () => {
  it("offers Edit on the card of its creator or project's manager, until it is done", () => {
    const card = (t: Task) =>
      renderToStaticMarkup(<TaskCard task={t} busy={false} onChange={nothing} onEdit={nothing} />);
    expect(card(task())).toContain('aria-label="Edit Print the banner"');
    expect(card(task({ canEdit: false }))).not.toContain('Edit Print the banner');
    expect(card(task({ status: 'done' }))).not.toContain('Edit Print the banner');
  });

  it('prefills the form with the task, empty fields as empty text', () => {
    expect(taskFormValues(task())).toEqual({
      title: 'Print the banner',
      description: 'Two metres wide',
      projectId: '00000000-0000-4000-8000-000000000002',
      assignedTo: '00000000-0000-4000-8000-000000000003',
      priority: 'high',
      estimatedHours: '2.5',
      dueDate: '2026-12-01',
    });
    expect(
      taskFormValues(task({ description: null, project: null, assignee: null, estimatedHours: null, dueDate: null })),
    ).toMatchObject({ description: '', projectId: '', assignedTo: '', estimatedHours: '', dueDate: '' });
  });
});
