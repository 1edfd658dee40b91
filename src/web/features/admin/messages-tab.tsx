import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminMessage, AdminMessagePage } from '../../../contracts/admin-lists.contract';
import { api } from '../../api/client';
import { Button } from '../../ui/Button';
import { DataTable, ExportLink, ListSearch, type Column } from '../../ui/DataTable';
import { Select } from '../../ui/Field';
import { formatDateTime } from '../../ui/format-date';
import { notify } from '../../ui/notify';
import { useAdminList } from './use-admin-list';

const typeLabels: Record<string, string> = { general: 'General', support: 'Support', vendor: 'Vendor', feedback: 'Feedback' };

/** The Messages tab: what visitors sent through the contact form, newest first, read and unread. */
export function MessagesTab() {
  const list = useAdminList<AdminMessagePage>('/api/admin/messages', { sort: 'createdAt', filters: { read: 'all' } });
  const qc = useQueryClient();
  const [openId, setOpenId] = useState<string | null>(null);
  const data = list.query.data;

  const mark = async (message: AdminMessage, isRead: boolean) => {
    try {
      await api.patch(`/api/admin/messages/${message.id}`, { isRead });
      void qc.invalidateQueries({ queryKey: ['admin', '/api/admin/messages'] });
    } catch {
      notify.error(isRead ? 'Failed to mark the message read' : 'Failed to mark the message unread', { action: 'message-read' });
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
          {!msg.isRead && <span className="ml-2 rounded-full bg-violet-100 px-2 py-0.5 text-xs font-medium text-violet-800">New</span>}
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
          <button type="button" onClick={() => toggle(msg)} aria-expanded={openId === msg.id} className="text-left font-medium text-slate-900 hover:text-violet-800 hover:underline">
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
      <div className="flex flex-wrap items-end gap-3">
        <ListSearch label="Search by name, email, subject or id" value={list.q} onSearch={list.search} />
        <div className="w-36">
          <Select label="Show" value={list.filters.read} onChange={(e) => list.setFilter('read', e.target.value)}>
            <option value="all">All</option>
            <option value="unread">Unread</option>
            <option value="read">Read</option>
          </Select>
        </div>
        <ExportLink href={list.exportHref} />
      </div>
      <p className="text-sm text-slate-600" aria-live="polite">
        {data ? `${data.total.toLocaleString('en-IN')} ${data.total === 1 ? 'message' : 'messages'}, ${data.unread.toLocaleString('en-IN')} unread` : '\u00a0'}
      </p>
      <DataTable
        label="Contact messages"
        columns={columns}
        {...list.tableProps('messages')}
        rowKey={(msg) => msg.id}
        emptyTitle="No messages"
        emptyText={list.q ? 'Nothing matches the search.' : 'Messages sent through the Contact page appear here.'}
        actions={(msg) => (
          <Button size="sm" variant="secondary" onClick={() => void mark(msg, !msg.isRead)} aria-label={`${msg.isRead ? 'Mark unread' : 'Mark read'}: ${msg.subject}`}>
            {msg.isRead ? 'Mark unread' : 'Mark read'}
          </Button>
        )}
      />
    </div>
  );
}
