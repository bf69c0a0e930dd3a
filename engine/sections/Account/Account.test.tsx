import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { firstUse, model, renderSection, site, textOf } from '../../../tests/support/renderSection.tsx';
import { PageProvider, SiteProvider } from '../../runtime/contexts.tsx';
import { AtLocation } from '../../runtime/location.ts';
import { formatCheckedAt, formatIndianDate } from '../../shared/dates.ts';
import type { MyApplication } from '../../types.ts';
import { ApplicationItem } from './ApplicationsCard.tsx';

describe('account', () => {
  it("prerenders its heading and a loading line, and nothing of anyone's account", async () => {
    const use = firstUse('account');
    expect(use, 'no page uses an account section yet').toBeDefined();
    const html = textOf(await renderSection(use!.page, use!.section));
    expect(html).toContain(use!.section.title);
    expect(html).toContain('Loading your account…');
    expect(html).not.toContain('@');
  });

  it('shows an application with where it stands, what happens next, every dated step with the team’s messages, and its certificate', () => {
    const { page } = firstUse('account')!;
    const words = model.site.ui.applications;
    const application: MyApplication = {
      reference: 'E000042',
      subject: { kind: 'internship', id: 'law/criminalLaw', title: 'Criminal Law' },
      programme: { id: 'law', title: 'Law' },
      page: '/internship/law?role=criminalLaw',
      status: 'completed',
      appliedAt: '2026-11-02T05:30:00.000Z',
      updatedAt: '2026-12-20T06:00:00.000Z',
      counts: true,
      canWithdraw: false,
      answers: [{ id: 'yearOfStudy', question: 'Year of study', answer: 'Second year', value: '2' }],
      resume: { id: 7, bytes: 81_234, uploadedAt: '2026-11-02T05:29:00.000Z' },
      steps: [
        { at: '2026-11-02T05:30:00.000Z', status: 'applied' },
        { at: '2026-11-04T09:00:00.000Z', status: 'shortlisted', message: 'Please send a two-page case note by Friday.' },
        { at: '2026-12-20T06:00:00.000Z', status: 'completed' },
      ],
      certificate: { id: 'IC26/100042', page: '/certificate/IC26/100042' },
    };
    const render = (shown: MyApplication) =>
      renderToString(
        <SiteProvider site={site}>
          <PageProvider page={page}>
            <AtLocation url="/account">
              <ApplicationItem application={shown} onWithdrawn={() => {}} onRefused={() => {}} />
            </AtLocation>
          </PageProvider>
        </SiteProvider>,
      );
    const html = render(application);
    const text = textOf(html);
    expect(text).toContain(`${words.status.completed} Applied on ${formatIndianDate(application.appliedAt)}`);
    // What happens next is said until the certificate is there; then the certificate says it.
    expect(text).not.toContain(words.next.completed);
    const { certificate: _issued, ...notYetIssued } = application;
    expect(textOf(render(notYetIssued))).toContain(words.next.completed);
    // Each step dated, the team's message with its step.
    for (const step of application.steps) expect(text).toContain(formatCheckedAt(step.at));
    expect(text).toContain(
      `${formatCheckedAt(application.steps[1]!.at)} ${words.status.shortlisted} ${words.account.message} : Please send a two-page case note by Friday.`,
    );
    // The certificate's public page, and no Withdraw once it is completed.
    expect(html).toContain('href="/certificate/IC26/100042"');
    expect(text).toContain('Your certificate IC26/100042');
    expect(text).not.toContain(words.account.withdraw);
    expect(text).toContain(words.account.resume);
  });
});
