/**
 * The microphone button beside the keywords: shown only where the browser has speech recognition
 * (decided after mount, so the server's HTML never offers what cannot work). One sentence is heard,
 * getSemantic reads it and the box's fields are filled (src/lib/search-box/voice.ts).
 */
import { useEffect, useState } from 'react';
import type { ApiClient } from '~/lib/api-client';
import type { BoxField } from '~/lib/search-box/submit';
import {
  listen,
  speechRecognition,
  voiceSearch,
  type SpeechRecognitionCtor,
} from '~/lib/search-box/voice';
import type { SearchBoxClientStrings } from './types';

interface Props {
  api: ApiClient;
  /** e.g. "en-IN". */
  lang: string;
  label: string;
  strings: Pick<SearchBoxClientStrings, 'voiceListening' | 'voiceHeard' | 'voiceError'>;
  onStatus: (text: string) => void;
  onFill: (fields: Partial<Record<BoxField, string>>) => void;
}

export function VoiceButton({ api, lang, label, strings, onStatus, onFill }: Props) {
  const [Recognition, setRecognition] = useState<SpeechRecognitionCtor | undefined>(undefined);
  const [listening, setListening] = useState(false);
  useEffect(() => setRecognition(() => speechRecognition()), []);
  if (!Recognition) return null;

  const start = () => {
    if (listening) return;
    onStatus(strings.voiceListening);
    setListening(true);
    const started = listen(Recognition, {
      lang,
      onTranscript: (transcript) => {
        onStatus(strings.voiceHeard.replace('{{text}}', transcript));
        void voiceSearch(api, transcript).then(onFill);
      },
      onError: () => onStatus(strings.voiceError),
      onEnd: () => setListening(false),
    });
    if (!started) {
      setListening(false);
      onStatus(strings.voiceError);
    }
  };

  return (
    <button
      type="button"
      className={listening ? 'sb-voice sb-voice-on' : 'sb-voice'}
      aria-label={label}
      title={label}
      aria-pressed={listening ? 'true' : 'false'}
      onClick={start}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 14a3 3 0 0 0 3-3V5a3 3 0 0 0-6 0v6a3 3 0 0 0 3 3Zm5-3a5 5 0 0 1-10 0H5a7 7 0 0 0 6 6.92V21h2v-3.08A7 7 0 0 0 19 11h-2Z"
        />
      </svg>
    </button>
  );
}
