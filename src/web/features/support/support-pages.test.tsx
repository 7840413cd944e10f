// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import OperationsPage from '#web/features/business-operations/operations-page.tsx';
import { renderInLanguage } from '#web/test/render.tsx';
import { ContactForm } from './contact-form.tsx';
import ContactPage from './contact-page.tsx';

let sent: unknown[];
let operator: boolean;

function serve() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url === '/api/contact/form-token') return json({ formToken: '1700000000000.signature' });
      if (url === '/api/contact' && method === 'POST') {
        sent.push(JSON.parse(String(init?.body)));
        return json({ success: true, ticketId: 42 });
      }
      if (url.startsWith('/api/operations/') && !operator)
        return json(
          { success: false, code: 'FORBIDDEN', message: 'You are not allowed to do this', error: 'x' },
          403,
        );
      if (url.startsWith('/api/operations/support/metrics'))
        return json({
          period: 'month',
          counts: { open: 3, in_progress: 1, resolved: 7 },
          received: 11,
          medianFirstResponseMs: 2 * 3_600_000 + 15 * 60_000,
          medianResolutionMs: null,
        });
      if (url.startsWith('/api/operations/support/tickets')) return json({ tickets: [], total: 0 });
      if (url === '/api/user') return json({}, 401);
      return json({}, 404);
    }),
  );
}

describe('the contact form', () => {
  beforeEach(() => {
    sent = [];
    serve();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the messages of empty fields and sends nothing', async () => {
    renderInLanguage(<ContactForm />);
    const send = await screen.findByRole('button', { name: 'Send message' });
    await waitFor(() => expect((send as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(send);
    expect(await screen.findByText('Please enter your name')).toBeTruthy();
    expect(screen.getByText('Invalid email address')).toBeTruthy();
    expect(screen.getByText('Please write your message')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('sends the fields with the form token and the empty honeypot, then acknowledges', async () => {
    renderInLanguage(<ContactForm />);
    const send = await screen.findByRole('button', { name: 'Send message' });
    await waitFor(() => expect((send as HTMLButtonElement).disabled).toBe(false));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ama Mensah' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ama@example.org' } });
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Payout date' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'When is it?' } });
    fireEvent.click(send);
    expect(await screen.findByTestId('contact-sent')).toBeTruthy();
    expect(screen.getAllByText(/Your request number is #42/).length).toBeGreaterThan(0);
    expect(sent).toEqual([
      {
        name: 'Ama Mensah',
        email: 'ama@example.org',
        subject: 'Payout date',
        message: 'When is it?',
        formToken: '1700000000000.signature',
        website: '',
        language: 'en',
      },
    ]);
  });
});

describe('/contact signed out', () => {
  beforeEach(() => {
    sent = [];
    serve();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the form and the other ways to reach support, without "My requests"', async () => {
    renderInLanguage(<ContactPage />);
    expect(await screen.findByRole('heading', { name: 'Contact us' })).toBeTruthy();
    expect(screen.getByTestId('contact-form')).toBeTruthy();
    expect(screen.getByText('Phone support')).toBeTruthy();
    expect(screen.queryByTestId('my-requests')).toBeNull();
  });
});

describe('/business-operations', () => {
  beforeEach(() => serve());
  afterEach(() => vi.unstubAllGlobals());

  it('tells a member it is for operators only', async () => {
    operator = false;
    renderInLanguage(<OperationsPage />);
    expect(await screen.findByText('Operators only')).toBeTruthy();
  });

  it('shows an operator the KPI cards and an empty queue', async () => {
    operator = true;
    renderInLanguage(<OperationsPage />);
    // The support desk is the support tab of the page.
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Support' }));
    expect((await screen.findByTestId('kpi-open')).textContent).toBe('3');
    expect(screen.getByTestId('kpi-first-response').textContent).toBe('2 h 15 min');
    expect(screen.getByTestId('kpi-resolution').textContent).toBe('No data yet');
    expect(await screen.findByText('No tickets here')).toBeTruthy();
  });
});
