import '../../test/dom';
import { announcementEndpoints } from '@console/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http';
import { answerCalls } from '../../test/fake-calls';
import { renderPage } from '../../test/render-page';
import { NoticeReaderPage } from './notice-reader-page';

const read = vi.fn();
answerCalls((endpoint: unknown, input: unknown) =>
  endpoint === announcementEndpoints.read ? read(input) : Promise.reject(new Error('unexpected call')),
);

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('NoticeReaderPage', { timeout: 30_000 }, () => {
  it('shows the notice the message named, with its sanitised content and files', async () => {
    read.mockResolvedValue({
      id: 7,
      title: '双十一备货通知',
      content: '<p>请于<b>周五</b>前完成</p>',
      publishedAt: '2026-11-22T02:00:00.000Z',
      attachments: [{ id: 3, fileName: '陈列指引.pdf', size: 2048 }],
    });
    renderPage('/notice/read?id=7', <NoticeReaderPage />);
    expect((await screen.findByTestId('notice-reader-title')).textContent).toBe('双十一备货通知');
    expect(read).toHaveBeenCalledWith({ id: 7 });
    expect(screen.getByTestId('notice-reader-content').innerHTML).toContain('<b>周五</b>');
    expect(screen.getByText('陈列指引.pdf')).toBeTruthy();
  });

  it('says the notice is gone when the server refuses it (withdrawn, or not addressed to the reader)', async () => {
    read.mockRejectedValue(new ApiError('business', '公告不存在或已撤回', { status: 404 }));
    renderPage('/notice/read?id=8', <NoticeReaderPage />);
    expect((await screen.findByTestId('notice-reader-missing')).textContent).toContain('公告不存在或已撤回');
  });

  it('asks for nothing without an id', async () => {
    renderPage('/notice/read?id=abc', <NoticeReaderPage />);
    expect(await screen.findByText('未指定公告')).toBeTruthy();
    expect(read).not.toHaveBeenCalled();
  });
});
