/**
 * Voice search where the browser has speech recognition (the island shows its microphone button
 * only there, next to the keywords): the transcript goes to getSemantic, which fills keywords,
 * location and experience (or, failing that, the cleaned transcript fills the keywords).
 */
import type { ApiClient } from '~/lib/api-client';
import { cleanSearchText } from '~/lib/validation/search';
import type { BoxField } from './submit';

interface SpeechRecognitionLike {
  lang: string;
  interimResults: boolean;
  maxAlternatives: number;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onerror: (() => void) | null;
  onend: (() => void) | null;
  start(): void;
  abort(): void;
}
export type SpeechRecognitionCtor = new () => SpeechRecognitionLike;

export function speechRecognition(): SpeechRecognitionCtor | undefined {
  const w = window as unknown as {
    SpeechRecognition?: SpeechRecognitionCtor;
    webkitSpeechRecognition?: SpeechRecognitionCtor;
  };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition;
}

export interface SemanticAnswer {
  keywords?: string;
  location?: string;
  experience?: number | null;
}

/** The fields getSemantic's answer fills; only whole years 0-50 go to the experience picker. */
export function semanticFields(answer: SemanticAnswer): Record<BoxField, string> {
  const { keywords, location, experience } = answer;
  return {
    keywords: keywords ?? '',
    location: location ?? '',
    experience:
      typeof experience === 'number' && experience >= 0 && experience <= 50
        ? String(experience)
        : '',
  };
}

export interface ListenOptions {
  /** e.g. "en-IN". */
  lang: string;
  onTranscript: (transcript: string) => void;
  onError: () => void;
  onEnd: () => void;
}

/**
 * Listens for one sentence; false when recognition could not start. The caller shows the status
 * and sends the transcript to getSemantic (voiceSearch below).
 */
export function listen(Recognition: SpeechRecognitionCtor, options: ListenOptions): boolean {
  const recognition = new Recognition();
  recognition.lang = options.lang;
  recognition.interimResults = false;
  recognition.maxAlternatives = 1;
  recognition.onresult = (event) => {
    const transcript = event.results[0]?.[0]?.transcript?.trim() ?? '';
    if (transcript) options.onTranscript(transcript);
  };
  recognition.onerror = options.onError;
  recognition.onend = options.onEnd;
  try {
    recognition.start();
    return true;
  } catch {
    return false;
  }
}

/** The fields a transcript fills: getSemantic's reading, else the cleaned transcript as keywords. */
export async function voiceSearch(
  api: ApiClient,
  transcript: string,
): Promise<Partial<Record<BoxField, string>>> {
  const res = await api.call<SemanticAnswer>('getSemantic', { body: { text: transcript } });
  return res.ok && res.data ? semanticFields(res.data) : { keywords: cleanSearchText(transcript) };
}
