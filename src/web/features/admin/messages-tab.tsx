import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminMessage, AdminMessagePage } from '../../../contracts/admin-lists.contract';
import { api } from '../../api/client';
import { Button } from '../../ui/Button';
import { DataTable, type Column } from '../../ui/DataTable';
import { formatDateTime } from '../../ui/format-date';
import { notify } from '../../ui/notify';
import { AdminListToolbar, ListCount, ListFilter } from './admin-list-parts';
import { useAdminList } from './use-admin-list';

const readFilters = ['all', 'unread', 'read'] as const;
const readLabels: Record<(typeof readFilters)[number], string> = { all: 'All', unread: 'Unread', read: 'Read' };
const typeLabels: Record<string, string> = {
  general: 'General',
  support: 'Support',
  vendor: 'Vendor',
  feedback: 'Feedback',
};

/** The Messages tab: what visitors sent through the contact form, newest first, read and unread. */
export function MessagesTab() {
  const list = useAdminList<AdminMessagePage>('/api/admin/messages', { sort: 'createdAt', filters: { read: 'all' } });
  const qc = useQueryClient();
  const [openId, setOpenId] = useState<string | null>(null);

  const mark = async (message: AdminMessage, isRead: boolean) => {
    try {
      await api.patch(`/api/admin/messages/${message.id}`, { isRead });
      void qc.invalidateQueries({ queryKey: ['admin', '/api/admin/messages'] });
    } catch {
      notify.error(isRead ? 'Failed to mark the message read' : 'Failed to mark the message unread', {
        action: 'message-read',
      });
    }
  };
  const toggle = (message: AdminMessage) => {
    const opening = openId !== message.id;
    setOpenId(opening ? message.id : null);
    if (opening && !message.isRead) void mark(message, true);
  };

  const columns: Column<AdminMessage>[] = [
    {
      key: 'from',
      header: 'From',
      sortKey: 'name',
      render: (msg) => (
        <>
          <span className={msg.isRead ? 'text-slate-800' : 'font-semibold text-slate-900'}>{msg.name}</span>
          {!msg.isRead && (
            <span className="ml-2 rounded-full bg-violet-100 px-2 py-0.5 text-xs font-medium text-violet-800">New</span>
          )}
          <br />
          <a href={`mailto:${msg.email}`} className="text-violet-700 hover:underline">
            {msg.email}
          </a>
        </>
      ),
    },
    { key: 'type', header: 'Type', sortKey: 'type', render: (msg) => typeLabels[msg.type] ?? msg.type },
    {
      key: 'subject',
      header: 'Subject',
      render: (msg) => (
        <>
          <button
            type="button"
            onClick={() => toggle(msg)}
            aria-expanded={openId === msg.id}
            className="text-left font-medium text-slate-900 hover:text-violet-800 hover:underline"
          >
            {msg.subject}
          </button>
          {openId === msg.id && <p className="mt-2 max-w-prose whitespace-pre-line text-slate-700">{msg.message}</p>}
        </>
      ),
    },
    { key: 'received', header: 'Received', sortKey: 'createdAt', render: (msg) => formatDateTime(msg.createdAt) },
  ];

  return (
    <div className="space-y-4">
      <AdminListToolbar list={list} searchLabel="Search by name, email, subject or id">
        <ListFilter list={list} name="read" label="Show" width="w-36" choices={readFilters} labels={readLabels} />
      </AdminListToolbar>
      <ListCount
        page={list.query.data}
        noun={['message', 'messages']}
        more={(page) => `, ${page.unread.toLocaleString('en-IN')} unread`}
      />
      <DataTable
        label="Contact messages"
        columns={columns}
        {...list.tableProps('messages')}
        rowKey={(msg) => msg.id}
        emptyTitle="No messages"
        emptyText={list.q ? 'Nothing matches the search.' : 'Messages sent through the Contact page appear here.'}
        actions={(msg) => (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => void mark(msg, !msg.isRead)}
            aria-label={`${msg.isRead ? 'Mark unread' : 'Mark read'}: ${msg.subject}`}
          >
            {msg.isRead ? 'Mark unread' : 'Mark read'}
          </Button>
        )}
      />
    </div>
  );
}
