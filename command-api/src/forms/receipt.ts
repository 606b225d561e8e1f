import { LOCALES, type Locale } from '@platform/contracts/enums';
import type { FormAnswer, FormAnswers, FormSection } from '@platform/contracts/forms/rules';
import type { MailMessage } from '@platform/infra/mail/mailer';

/** The words of a respondent's copy of their answers, in each language of the platform. */
const WORDS: Record<
  Locale,
  { subject: string; intro: string; yes: string; no: string; none: string; closing: string }
> = {
  en: {
    subject: '{form}: a copy of your answers',
    intro: 'Thank you. Here are the answers you sent to the form “{form}”.',
    yes: 'Yes',
    no: 'No',
    none: '(no answer)',
    closing: 'This message was sent by {app} because this address was given in the form.',
  },
  fr: {
    subject: '{form} : une copie de vos réponses',
    intro: 'Merci. Voici les réponses que vous avez envoyées au formulaire « {form} ».',
    yes: 'Oui',
    no: 'Non',
    none: '(pas de réponse)',
    closing: 'Ce message vous a été envoyé par {app} car cette adresse a été donnée dans le formulaire.',
  },
  it: {
    subject: '{form}: una copia delle sue risposte',
    intro: 'Grazie. Ecco le risposte che ha inviato al modulo «{form}».',
    yes: 'Sì',
    no: 'No',
    none: '(nessuna risposta)',
    closing: 'Questo messaggio è stato inviato da {app} perché questo indirizzo è stato indicato nel modulo.',
  },
  es: {
    subject: '{form}: una copia de sus respuestas',
    intro: 'Gracias. Estas son las respuestas que envió al formulario «{form}».',
    yes: 'Sí',
    no: 'No',
    none: '(sin respuesta)',
    closing: 'Este mensaje lo ha enviado {app} porque esta dirección se indicó en el formulario.',
  },
  ca: {
    subject: '{form}: una còpia de les vostres respostes',
    intro: 'Gràcies. Aquestes són les respostes que heu enviat al formulari «{form}».',
    yes: 'Sí',
    no: 'No',
    none: '(sense resposta)',
    closing: 'Aquest missatge l’ha enviat {app} perquè aquesta adreça es va indicar al formulari.',
  },
  da: {
    subject: '{form}: en kopi af dine svar',
    intro: 'Tak. Her er de svar, du sendte til formularen “{form}”.',
    yes: 'Ja',
    no: 'Nej',
    none: '(intet svar)',
    closing: 'Denne besked er sendt af {app}, fordi adressen blev angivet i formularen.',
  },
  ro: {
    subject: '{form}: o copie a răspunsurilor dumneavoastră',
    intro: 'Vă mulțumim. Iată răspunsurile pe care le-ați trimis la formularul „{form}”.',
    yes: 'Da',
    no: 'Nu',
    none: '(fără răspuns)',
    closing: 'Acest mesaj a fost trimis de {app} deoarece această adresă a fost indicată în formular.',
  },
};

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/** The response's language when the platform speaks it, else English. */
export function receiptLocale(value: unknown): Locale {
  return LOCALES.find((locale) => locale === value) ?? 'en';
}

function answerText(answer: FormAnswer | undefined, words: (typeof WORDS)[Locale]): string {
  if (answer === undefined || answer === null || answer === '') return words.none;
  if (typeof answer === 'boolean') return answer ? words.yes : words.no;
  if (Array.isArray(answer)) return answer.length ? answer.join(', ') : words.none;
  return String(answer);
}

/**
 * A respondent's copy of their answers (the `email_respondent` workflow, ADR 0062 amendment): plain text, in the
 * response's language; the workflow's own words first, then each page's title and each question with its answer,
 * as the form asked them. Pure.
 */
export function receiptMessage(input: {
  to: string;
  locale: Locale;
  formName: string;
  appName: string;
  message: string | null;
  sections: readonly FormSection[];
  answers: FormAnswers;
}): MailMessage {
  const words = WORDS[input.locale];
  const lines: string[] = [];
  if (input.message) lines.push(input.message, '');
  lines.push(fill(words.intro, { form: input.formName }), '');
  for (const section of input.sections) {
    if (section.title && section.fields.length) lines.push(`== ${section.title} ==`, '');
    for (const field of section.fields) {
      if (field.fieldType === 'section') continue;
      lines.push(field.title, answerText(input.answers[field.id], words), '');
    }
  }
  lines.push('--', fill(words.closing, { app: input.appName }), '');
  return {
    to: input.to,
    subject: fill(words.subject, { form: input.formName }),
    text: lines.join('\n'),
  };
}
