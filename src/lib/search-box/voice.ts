/**
 * Voice search where the browser has speech recognition: a microphone button (from the
 * server-rendered `<template data-sb-voice>`, so it never shows where it cannot work) next to the
 * keywords; the transcript goes to getSemantic, which fills keywords, location and experience
 * (or, failing that, the cleaned transcript fills the keywords). A status line says what is
 * happening.
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
type SpeechRecognitionCtor = new () => SpeechRecognitionLike;

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

export interface VoiceOptions {
  root: HTMLElement;
  /** Where the button goes (the keywords input's wrapper) and where the status line goes. */
  slot: Element;
  statusAfter: Element;
  api: ApiClient;
  /** e.g. "en-IN". */
  lang: string;
  strings: { voiceListening: string; voiceHeard: string; voiceError: string };
  fill: (fields: Partial<Record<BoxField, string>>) => void;
  focusKeywords: () => void;
}

export function enhanceVoice(options: VoiceOptions): void {
  const Recognition = speechRecognition();
  const template = options.root.querySelector<HTMLTemplateElement>('template[data-sb-voice]');
  const button = template?.content.firstElementChild?.cloneNode(true) as HTMLButtonElement | null;
  if (!Recognition || !button) return;
  options.slot.append(button);
  const { strings } = options;
  let listening = false;
  let status: HTMLElement | null = null;

  const say = (text: string) => {
    if (!status) {
      status = document.createElement('p');
      status.className = 'sb-voice-status';
      status.setAttribute('role', 'status');
      options.statusAfter.after(status);
    }
    status.textContent = text;
  };
  const setListening = (on: boolean) => {
    listening = on;
    button.classList.toggle('sb-voice-on', on);
    button.setAttribute('aria-pressed', String(on));
  };

  button.addEventListener('click', () => {
    if (listening) return;
    const recognition = new Recognition();
    recognition.lang = options.lang;
    recognition.interimResults = false;
    recognition.maxAlternatives = 1;
    recognition.onresult = (event) => {
      const transcript = event.results[0]?.[0]?.transcript?.trim() ?? '';
      if (!transcript) return;
      say(strings.voiceHeard.replace('{{text}}', transcript));
      void options.api
        .call<SemanticAnswer>('getSemantic', { body: { text: transcript } })
        .then((res) => {
          if (res.ok && res.data) options.fill(semanticFields(res.data));
          else options.fill({ keywords: cleanSearchText(transcript) });
          options.focusKeywords();
        });
    };
    recognition.onerror = () => say(strings.voiceError);
    recognition.onend = () => setListening(false);
    say(strings.voiceListening);
    setListening(true);
    try {
      recognition.start();
    } catch {
      setListening(false);
      say(strings.voiceError);
    }
  });
}
