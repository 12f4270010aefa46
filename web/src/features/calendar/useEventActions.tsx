import type { CalendarEvent } from '@sixa/contracts/browser';
import { App, Input, Typography } from 'antd';
import { useCallback } from 'react';
import { copyText } from '../../shared/copyText';
import { saveAsFile } from '../../shared/files';
import { useDeleteCalendarEventMutation, useDownloadEventIcsMutation } from './calendarApi';
import { CALENDAR_ERRORS, CALENDAR_TEXT, icsFileName, shareText } from './eventLabels';

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Share, Delete and the .ics download of an event. Failed calls are shown by the API error
 * listener (the server's detail, or the spec's text), so these only report success.
 */
export function useEventActions() {
  const { message, modal } = App.useApp();
  const [deleteEvent] = useDeleteCalendarEventMutation();
  const [downloadIcs, downloadState] = useDownloadEventIcsMutation();

  /** The device's share sheet where there is one, else the clipboard, else the text to copy by hand (spec). */
  const share = useCallback(
    async (event: CalendarEvent) => {
      const text = shareText(event);
      if (typeof navigator.share === 'function') {
        try {
          await navigator.share({ title: event.title, text });
          message.success(CALENDAR_TEXT.shared);
          return;
        } catch (error) {
          if (isAbort(error)) return; // the user closed the share sheet
        }
      }
      if (await copyText(text)) {
        message.success({
          content: (
            <>
              <strong>{CALENDAR_TEXT.copied}</strong> {CALENDAR_TEXT.copiedHint}
            </>
          ),
          duration: 5,
        });
        return;
      }
      modal.confirm({
        title: CALENDAR_ERRORS.shareFailed,
        okText: 'Show details',
        cancelText: 'Cancel',
        onOk: () => {
          modal.info({
            title: event.title,
            content: (
              <>
                <Typography.Paragraph type="secondary">Select the text and copy it.</Typography.Paragraph>
                <Input.TextArea
                  readOnly
                  value={text}
                  autoSize={{ minRows: 4, maxRows: 12 }}
                  aria-label="Event details"
                  onFocus={(e) => e.target.select()}
                />
              </>
            ),
          });
        },
      });
    },
    [message, modal],
  );

  const confirmDelete = useCallback(
    (event: CalendarEvent) => {
      modal.confirm({
        title: CALENDAR_TEXT.deleteQuestion(event.title),
        content: event.recurrence
          ? `${CALENDAR_TEXT.deleteWarning} Every occurrence of this repeating event is deleted.`
          : CALENDAR_TEXT.deleteWarning,
        okText: 'Delete',
        okButtonProps: { danger: true },
        cancelText: 'Cancel',
        onOk: async () => {
          try {
            await deleteEvent(event.id).unwrap();
            message.success(CALENDAR_TEXT.deleted(event.title));
          } catch {
            // shown by the API error listener
          }
        },
      });
    },
    [deleteEvent, modal, message],
  );

  const download = useCallback(
    async (event: CalendarEvent) => {
      try {
        const ics = await downloadIcs(event.id).unwrap();
        saveAsFile(ics, icsFileName(event), 'text/calendar;charset=utf-8');
      } catch {
        // shown by the API error listener
      }
    },
    [downloadIcs],
  );

  const downloadingId = downloadState.isLoading ? downloadState.originalArgs : undefined;
  return { share, confirmDelete, download, downloadingId };
}
