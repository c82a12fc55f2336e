// timewords.js: the clock's digits and spoken sentences, as pure functions.
//
// Every sentence comes from the catalog through t(id, params) (see plural.js); params
// use go-i18n names ({Team, Time, Count}). Times are rounded up to whole seconds, both on
// the display and in words, so a clock that shows 0:01 says "1 second" and reaches 0:00
// only when the flag falls.

// wholeSeconds: the seconds the display shows for ms (rounded up, never negative).
export function wholeSeconds(ms) {
  return Math.max(0, Math.ceil(ms / 1000));
}

// formatClock(ms) → "4:12"; minutes are not wrapped into hours ("60:00"). An untimed
// clock (ms null) shows "--:--"; the page labels it in words.
export function formatClock(ms) {
  if (ms === null || ms === undefined) return '--:--';
  const s = wholeSeconds(ms);
  const m = Math.floor(s / 60);
  return `${m}:${String(s % 60).padStart(2, '0')}`;
}

// durationWords(ms, t) → "4 minutes 12 seconds", "1 minute", "30 seconds", "0 seconds";
// "no time limit" for null.
export function durationWords(ms, t) {
  if (ms === null || ms === undefined) return t('donaz.time.untimed');
  const s = wholeSeconds(ms);
  const m = Math.floor(s / 60);
  const sec = s % 60;
  if (m === 0) return t('time.seconds', { Count: sec });
  const minutes = t('time.minutes', { Count: m });
  if (sec === 0) return minutes;
  return t('time.minutesSeconds', { Minutes: minutes, Seconds: t('time.seconds', { Count: sec }) });
}

// switchSentence: whose turn it is and their time ("Team 2, 4 minutes 12 seconds").
export function switchSentence(teamName, ms, t) {
  if (ms === null || ms === undefined) return t('donaz.announce.turnUntimed', { Team: teamName });
  return t('donaz.announce.turn', { Team: teamName, Time: durationWords(ms, t) });
}

// thresholdSentence: "Team 2: 30 seconds left." at 60, 30 and 10 s; from 5 s down only
// the number, short enough to keep pace with the seconds.
export function thresholdSentence(teamName, secondsLeft, t) {
  if (secondsLeft <= 5) return t('donaz.announce.countdown', { Count: secondsLeft });
  return t('donaz.announce.left', { Team: teamName, Time: durationWords(secondsLeft * 1000, t) });
}

export function flagSentence(teamName, t) {
  return t('donaz.announce.flag', { Team: teamName });
}

// bothTimesSentence: both teams' times, on request ("Team 1: 4 minutes. Team 2: 3 minutes 5 seconds.").
// Untimed (played on without the clock), it says so rather than "no time limit" twice.
export function bothTimesSentence(teamNames, msList, t) {
  if (msList[0] == null && msList[1] == null) return t('donaz.announce.both.untimed');
  return t('donaz.announce.both', {
    Team1: teamNames[0],
    Time1: durationWords(msList[0], t),
    Team2: teamNames[1],
    Time2: durationWords(msList[1], t),
  });
}

// announcement turns a clock event (see clock.js) into what the live regions say:
// {text, assertive} or null when nothing should be said (a stale threshold).
export function announcement(event, teamNames, t) {
  const name = (i) => teamNames[i] ?? String(i + 1);
  switch (event.type) {
    case 'start':
    case 'turn':
      return { text: switchSentence(name(event.team), event.remainingMs, t), assertive: false };
    case 'threshold':
      if (event.stale) return null;
      return { text: thresholdSentence(name(event.team), event.secondsLeft, t), assertive: false };
    case 'flag':
      return { text: flagSentence(name(event.team), t), assertive: true };
    case 'pause':
      return { text: t('donaz.announce.paused'), assertive: false };
    case 'resume':
      return { text: t('donaz.announce.resumed', { Team: name(event.team), Time: durationWords(event.remainingMs, t) }), assertive: false };
    case 'untimed':
      return { text: t('donaz.announce.untimed', { Team: name(event.team) }), assertive: false };
    case 'over':
      return { text: t('donaz.announce.over'), assertive: false };
    case 'reset':
      return { text: t('donaz.announce.reset'), assertive: false };
    default:
      return null;
  }
}
