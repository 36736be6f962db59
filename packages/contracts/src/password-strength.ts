import { type TranslationKeys, ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';

/**
 * How hard a password is to guess, by zxcvbn-ts (decision 037): the same estimate for the meter
 * the web app shows as the person types and for the server, which refuses what scores below
 * PASSWORD_MIN_SCORE. Not in the package's index: its dictionaries are large, so the web app
 * loads this module only when a password field is on screen (`@giftrelay/contracts/password-strength`).
 * The spec's 6-character minimum stays the floor, checked by the schemas before this.
 */

/** Scores 0 to 4, as zxcvbn gives them. */
export const PASSWORD_STRENGTH_LABELS = ['Very weak', 'Weak', 'Fair', 'Good', 'Strong'] as const;

/** A "very weak" password (score 0: guessed in under a thousand tries) is refused. */
export const PASSWORD_MIN_SCORE = 1;

export interface PasswordStrength {
  /** 0 (very weak) to 4 (strong). */
  score: 0 | 1 | 2 | 3 | 4;
  label: (typeof PASSWORD_STRENGTH_LABELS)[number];
  /** Why it is weak, when it is: a sentence, or null. */
  warning: string | null;
  /** What would make it stronger. */
  suggestions: string[];
  /** Whether the server accepts it. */
  acceptable: boolean;
}

// Beyond this, the estimate costs more than it tells: a password this long is not "very weak".
const MAX_CHECKED = 100;

// zxcvbn-ts's messages, in our words. Written here rather than loaded from its English package,
// whose index also brings its word lists: a second of start-up in every server process.
const MESSAGES: TranslationKeys = {
  warnings: {
    straightRow: 'Straight rows of keys are easy to guess.',
    keyPattern: 'Short keyboard patterns are easy to guess.',
    simpleRepeat: 'Repeated characters like "aaa" are easy to guess.',
    extendedRepeat: 'Repeated patterns like "abcabcabc" are easy to guess.',
    sequences: 'Common character sequences like "abc" are easy to guess.',
    recentYears: 'Recent years are easy to guess.',
    dates: 'Dates are easy to guess.',
    topTen: 'This is one of the most used passwords.',
    topHundred: 'This is a very frequently used password.',
    common: 'This is a commonly used password.',
    similarToCommon: 'This is similar to a commonly used password.',
    wordByItself: 'A single word is easy to guess.',
    namesByThemselves: 'Names on their own are easy to guess.',
    commonNames: 'Common names are easy to guess.',
    userInputs: 'It contains your email address or the product’s name.',
    pwned: 'This password has appeared in a data breach.',
  },
  suggestions: {
    l33t: 'Swapping letters for look-alikes (@ for a) does not help much.',
    reverseWords: 'Common words spelled backwards are still easy to guess.',
    allUppercase: 'Capitalise some letters, not all.',
    capitalization: 'Capitalise more than the first letter.',
    dates: 'Avoid dates and years that mean something to you.',
    recentYears: 'Avoid recent years.',
    associatedYears: 'Avoid years that mean something to you.',
    sequences: 'Avoid common character sequences.',
    repeated: 'Avoid repeated words and characters.',
    longerKeyboardPattern: 'Use longer keyboard patterns that change direction.',
    anotherWord: 'Add another word or two that are less common.',
    useWords: 'Use several words, but not a common phrase.',
    noNeed: 'A few unrelated words make a strong password without symbols or capitals.',
    pwned: 'If you use this password anywhere else, change it there too.',
  },
  timeEstimation: {
    ltSecond: 'less than a second',
    second: '{base} second',
    seconds: '{base} seconds',
    minute: '{base} minute',
    minutes: '{base} minutes',
    hour: '{base} hour',
    hours: '{base} hours',
    day: '{base} day',
    days: '{base} days',
    month: '{base} month',
    months: '{base} months',
    year: '{base} year',
    years: '{base} years',
    centuries: 'centuries',
  },
};

let factory: ZxcvbnFactory | undefined;

function checker(): ZxcvbnFactory {
  // The common passwords, diceware words and keyboard layouts. The English word, name and
  // Wikipedia lists are left out: with them the browser would load about 850 KB gzipped for the
  // meter, and every server process a second more at start, for little a password policy needs.
  factory ??= new ZxcvbnFactory({ dictionary: commonDictionary, graphs: adjacencyGraphs, translations: MESSAGES });
  return factory;
}

/**
 * The words a person's own password should not lean on: their address (whole and in parts) and
 * the product's name.
 */
export function personalWords(email: string | null | undefined): string[] {
  const words = ['giftrelay', 'gift relay'];
  const address = email?.trim().toLowerCase();
  if (address) {
    const [local = '', domain = ''] = address.split('@');
    words.push(address, local, domain, ...address.split(/[@.+_-]+/).filter((w) => w.length >= 3));
  }
  return words;
}

export function passwordStrength(password: string, email?: string | null): PasswordStrength {
  const result = checker().check(password.slice(0, MAX_CHECKED), personalWords(email));
  const score = result.score as PasswordStrength['score'];
  return {
    score,
    label: PASSWORD_STRENGTH_LABELS[score],
    warning: result.feedback.warning ?? null,
    suggestions: result.feedback.suggestions,
    acceptable: score >= PASSWORD_MIN_SCORE,
  };
}

/** The sentence a refusal gives: why the password is too easy to guess, and what to do instead. */
export function weakPasswordReason(strength: PasswordStrength): string {
  const why = strength.warning ? strength.warning.replace(/\.$/, '') : 'It would be guessed within seconds';
  return `This password is too easy to guess. ${why}. Try a few unrelated words, or a longer mix.`;
}
