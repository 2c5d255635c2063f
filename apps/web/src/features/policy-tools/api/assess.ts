// POST the policy tools' assessments: 高企评分, 专精特新评测, 快速匹配 and 精准匹配. Saving answers refreshes the
// facts of the customer or the typed company (the next visit starts from them).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type AssessmentBody,
  type CompanyFacts,
  type Endpoint,
  endpoint,
  type HtsScoreResult,
  POLICY_TOOLS_API,
  type PolicyMatchResult,
  type SmeEvaluationResult,
} from '@uc/shared';
import { call } from '../../../lib/http/http';

/** Whom to assess: one of the member's customers or a typed company name. */
export type Subject = { customer_id: number; cus_name: string } | { company_name: string };

export interface AssessRequest {
  subject: Subject;
  answers?: Partial<CompanyFacts>;
}

const bodyOf = ({ subject, answers }: AssessRequest): AssessmentBody => ({
  ...('customer_id' in subject
    ? { customer_id: subject.customer_id }
    : { company_name: subject.company_name }),
  ...(answers ? { answers } : {}),
});

/** 32 random hex digits (crypto.randomUUID exists only in secure contexts). */
function newRequestId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

/**
 * Each submitted questionnaire is one evaluation: its Idempotency-Key lets the server charge a member who pays by
 * usage credits once, however often the request reaches it.
 */
const assess = <T>(of: Endpoint<string, AssessmentBody, T>, request: AssessRequest) =>
  call(of, { input: bodyOf(request), headers: { 'Idempotency-Key': newRequestId() } });

const HTS_SCORE = endpoint<HtsScoreResult, AssessmentBody>()('POST', POLICY_TOOLS_API.htsScore);
const SME_EVALUATION = endpoint<SmeEvaluationResult, AssessmentBody>()(
  'POST',
  POLICY_TOOLS_API.smeEvaluation,
);
const MATCH_FAST = endpoint<PolicyMatchResult, AssessmentBody>()('POST', POLICY_TOOLS_API.matchFast);
const MATCH_EXACT = endpoint<PolicyMatchResult, AssessmentBody>()('POST', POLICY_TOOLS_API.matchExact);

export const scoreHts = (r: AssessRequest) => assess(HTS_SCORE, r);
export const evaluateSme = (r: AssessRequest) => assess(SME_EVALUATION, r);
export const matchFast = (r: AssessRequest) => assess(MATCH_FAST, { subject: r.subject });
export const matchExact = (r: AssessRequest) => assess(MATCH_EXACT, r);

/** A mutation over one of the calls above; saved answers invalidate the saved facts. */
export function useAssess<T>(fn: (r: AssessRequest) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (_data, request) => {
      if (request.answers) {
        void client.invalidateQueries({ queryKey: ['policy-tools'] });
      }
    },
  });
}
