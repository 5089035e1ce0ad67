// Answers in the language the client asks for (Accept-Language): every human sentence of an error
// body, and of the few successful answers that carry one for people to read, translated in this
// one place from the English the handlers, the machines and the contract write.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OperationId } from '@server/http.js';
import { refusalSentence, type Refusal } from '@machines/shared';
import { REFUSALS } from '@server/errors.js';
import { DEFAULT_LANGUAGE, requestLanguage, translateSentence, type Language } from './i18n.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract's operation a route serves (server/app.ts sets it for every API route). */
    operationId?: OperationId;
  }
}

/**
 * Successful answers whose `detail` or `message` is a sentence the client shows ("OTP verified
 * successfully."). Other answers' `message` is the customer's own text (feedback), never ours.
 */
const SENTENCE_ANSWERS: ReadonlySet<OperationId> = new Set<OperationId>([
  'register',
  'resendOtp',
  'verifyOtp',
  'claimSendOtp',
  'claimVerifyOtp',
  'claimComplete',
  'phoneLogin',
  'changePassword',
  'requestPasswordReset',
  'checkPasswordResetLink',
  'confirmPasswordReset',
  'verifyPayment',
  'adminRecordOfflinePayment',
]);

/**
 * Successful answers carrying payments (Payment, AdminPayment), whose `failure_reason` is a
 * sentence of ours (a provider's error code, read by machines/payment-link's failure rules, or the
 * sandbox's), stored in English and shown to people in their language.
 */
const PAYMENT_ANSWERS: ReadonlySet<OperationId> = new Set<OperationId>([
  'listPayments',
  'getPayment',
  'adminListPayments',
  'adminRecentPayments',
  'adminFailedPayments',
  'adminGetPayment',
]);

/** The keys of an error body that are not text for people. */
const MACHINE_KEYS = new Set(['error_code']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A sentence of an error body in `language`. A refusal the body carries (server/errors.ts, carrying)
 * is written from the catalogue by its key; any other sentence (a field's validation message) is
 * translated from the server's own catalogue.
 */
function sentenceIn(language: Language, sentence: string, carried: readonly Refusal[]) {
  const refused = carried.find((candidate) => candidate.message === sentence);
  return refused
    ? refusalSentence(language, refused.key, refused.values)
    : translateSentence(language, sentence);
}

/**
 * An error body in `language`: `detail` and `message` (one sentence on the OTP endpoints), and
 * every list of sentences (`non_field_errors`, per-field lists, feedback's `message` list). Other
 * values (`error_code`, a health report's `status`, a declined payment's id) stay as they are.
 */
function translateErrorBody(language: Language, body: Record<string, unknown>) {
  const carried = (body as { [REFUSALS]?: readonly Refusal[] })[REFUSALS] ?? [];
  const translate = (item: unknown) =>
    typeof item === 'string' ? sentenceIn(language, item, carried) : item;
  const translated: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (MACHINE_KEYS.has(key)) translated[key] = value;
    else if (Array.isArray(value)) translated[key] = value.map(translate);
    else if ((key === 'detail' || key === 'message') && typeof value === 'string') {
      translated[key] = translate(value);
    } else translated[key] = value;
  }
  return translated;
}

function translateSentenceAnswer(language: Language, body: Record<string, unknown>) {
  const translated = { ...body };
  for (const key of ['detail', 'message'] as const) {
    const value = body[key];
    if (typeof value === 'string') translated[key] = translateSentence(language, value);
  }
  return translated;
}

/** Every payment's `failure_reason` in `language`, in a payment, a list or a page of them. */
function translateFailureReasons(language: Language, payload: unknown): unknown {
  if (Array.isArray(payload)) return payload.map((item) => translateFailureReasons(language, item));
  if (!isRecord(payload)) return payload;
  if (Array.isArray(payload.results))
    return { ...payload, results: translateFailureReasons(language, payload.results) };
  return typeof payload.failure_reason === 'string'
    ? { ...payload, failure_reason: translateSentence(language, payload.failure_reason) }
    : payload;
}

/** Adds Accept-Language to Vary, keeping what is there: the answer depends on it. */
export function varyOnLanguage(reply: FastifyReply) {
  const current = reply.getHeader('vary');
  const listed = current === undefined ? '' : String(current);
  if (!/(^|,)\s*accept-language\s*(,|$)/i.test(listed)) {
    reply.header('vary', listed ? `${listed}, Accept-Language` : 'Accept-Language');
  }
}

async function answerInLanguage(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const isError = reply.statusCode >= 400;
  const operationId = request.routeOptions.config?.operationId;
  if (!isError && operationId && PAYMENT_ANSWERS.has(operationId)) {
    varyOnLanguage(reply);
    const language = requestLanguage(request.headers['accept-language']);
    return language === DEFAULT_LANGUAGE ? payload : translateFailureReasons(language, payload);
  }
  if (!isRecord(payload)) return payload;
  if (!isError && !(operationId && SENTENCE_ANSWERS.has(operationId))) return payload;
  varyOnLanguage(reply);
  const language = requestLanguage(request.headers['accept-language']);
  if (language === DEFAULT_LANGUAGE) return payload;
  return isError
    ? translateErrorBody(language, payload)
    : translateSentenceAnswer(language, payload);
}

/** Registers the translation for every route registered after it, and for the not-found answers. */
export function registerAnswerLanguage(app: FastifyInstance): void {
  app.addHook('preSerialization', answerInLanguage);
}
