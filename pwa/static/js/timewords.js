// timewords.js: the clock's digits and spoken sentences, as pure functions.
//
// Every sentence comes from the catalog through t(id, params) (see plural.js); params
// use go-i18n names ({Team, Time, Count}). Times are rounded up to whole seconds, both on
// the display and in words, so a clock that shows 0:01 says "1 second" and reaches 0:00
// only when the flag falls.
//
// Verbosity (the device's setting, readSettings().verbosity): 'full' says whole sentences;
// 'brief' says the fact alone ("Team 2, 4 minutes 30"), from donaz.brief.* messages. The
// same functions make both, with a verbosity parameter that defaults to 'full'.

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

// formatShown(ms) is the time as the clock's halves show it: formatClock's, with the
// tenths under 10 seconds ("0:09.3"), rounded up as the seconds are, so that it turns
// from "0:10" to "0:09.9" when 9.9 s are left; zero is "0:00". Speech keeps whole seconds.
export function formatShown(ms) {
  if (ms === null || ms === undefined || ms <= 0) return formatClock(ms);
  const tenths = Math.ceil(ms / 100);
  if (tenths >= 100) return formatClock(ms);
  return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
}

// msUntilShownChange(ms) is how long until formatShown(ms) changes as the time runs down
// (a tenth's step under 10 s, else a second's), or null with nothing left.
export function msUntilShownChange(ms) {
  if (ms === null || ms === undefined || ms <= 0) return null;
  const step = ms <= 10_000 ? 100 : 1000;
  return Math.ceil(ms - (Math.ceil(ms / step) - 1) * step);
}

// durationWords(ms, t) → "4 minutes 12 seconds", "1 minute", "30 seconds", "0 seconds";
// "no time limit" for null. Brief: the seconds after minutes as a bare number,
// "4 minutes 12", as a clock is read aloud.
export function durationWords(ms, t, verbosity = 'full') {
  if (ms === null || ms === undefined) return t('donaz.time.untimed');
  const s = wholeSeconds(ms);
  const m = Math.floor(s / 60);
  const sec = s % 60;
  if (m === 0) return t('time.seconds', { Count: sec });
  const minutes = t('time.minutes', { Count: m });
  if (sec === 0) return minutes;
  if (verbosity === 'brief') return t('time.brief.minutesSeconds', { Minutes: minutes, Seconds: sec });
  return t('time.minutesSeconds', { Minutes: minutes, Seconds: t('time.seconds', { Count: sec }) });
}

const brief = (verbosity) => verbosity === 'brief';

// upperFirst: a sentence that opens with a name said with its article ("la squadra 1").
const upperFirst = (s) => String(s).charAt(0).toUpperCase() + String(s).slice(1);

// switchSentence: whose turn it is and their time ("Team 2, 4 minutes 12 seconds");
// brief, "Team 2, 4 minutes 12", or the name alone when untimed.
export function switchSentence(teamName, ms, t, verbosity = 'full') {
  if (ms === null || ms === undefined) {
    // The name alone is a sentence of its own: "l'équipe 2" said alone starts with a capital.
    return brief(verbosity) ? upperFirst(teamName) : t('donaz.announce.turnUntimed', { Team: teamName });
  }
  const Time = durationWords(ms, t, verbosity);
  return t(brief(verbosity) ? 'donaz.brief.turn' : 'donaz.announce.turn', { Team: teamName, Time });
}

// thresholdSentence: "Team 2: 30 seconds left." at the chosen warnings (brief: "30 seconds
// left."); from 5 s down only the number, short enough to keep pace with the seconds.
export function thresholdSentence(teamName, secondsLeft, t, verbosity = 'full') {
  if (secondsLeft <= 5) return t('donaz.announce.countdown', { Count: secondsLeft });
  const Time = durationWords(secondsLeft * 1000, t);
  if (brief(verbosity)) return t('donaz.brief.left', { Time });
  return t('donaz.announce.left', { Team: teamName, Time });
}

export function flagSentence(teamName, t, verbosity = 'full') {
  return t(brief(verbosity) ? 'donaz.brief.flag' : 'donaz.announce.flag', { Team: teamName });
}

// bothTimesSentence: both teams' times, on request ("Time left: Team 1, 4 minutes; Team 2,
// 3 minutes 5 seconds."). Untimed (played on without the clock), it says so rather than
// "no time limit" twice. options.delay {team, ms}: a simple delay under way, said after.
export function bothTimesSentence(teamNames, msList, t, { verbosity = 'full', delay = null } = {}) {
  const b = brief(verbosity);
  if (msList[0] == null && msList[1] == null) return t(b ? 'donaz.brief.both.untimed' : 'donaz.announce.both.untimed');
  const both = t(b ? 'donaz.brief.both' : 'donaz.announce.both', {
    Team1: teamNames[0],
    Time1: durationWords(msList[0], t, verbosity),
    Team2: teamNames[1],
    Time2: durationWords(msList[1], t, verbosity),
  });
  if (!delay || !(delay.ms > 0)) return both;
  return `${both} ${delaySentence(teamNames[delay.team], delay.ms, t, verbosity)}`;
}

// delaySentence: what is left of a simple delay ("Team 2 still has 3 seconds of delay.").
export function delaySentence(teamName, ms, t, verbosity = 'full') {
  const Time = durationWords(ms, t);
  if (brief(verbosity)) return t('donaz.brief.delayLeft', { Time });
  return t('donaz.announce.delayLeft', { Team: teamName, Time });
}

// awaySentence: said when the page comes back to a clock it paused on being put away.
export function awaySentence(teamName, ms, t, verbosity = 'full') {
  const Time = durationWords(ms, t, verbosity);
  return t(brief(verbosity) ? 'donaz.brief.away' : 'donaz.announce.away', { Team: teamName, Time });
}

// drawnSentence: the team drawn at random to start.
export function drawnSentence(teamName, t, verbosity = 'full') {
  return t(brief(verbosity) ? 'donaz.brief.drawn' : 'donaz.announce.drawn', { Team: teamName });
}

// controlSentence: the time control in words ("5 seconds added after each turn."), or ''
// when there is none to tell (no increment, no delay, or untimed). Shown in the summary
// line and said at the start.
export function controlSentence(settings, t) {
  if (!settings || settings.untimed) return '';
  if (settings.control === 'delay' && settings.delayMs > 0) return t('donaz.clock.delay', { Count: settings.delayMs / 1000 });
  if (settings.control === 'bronstein' && settings.delayMs > 0) return t('donaz.clock.bronstein', { Count: settings.delayMs / 1000 });
  if (settings.incrementMs > 0) return t('donaz.clock.increment', { Count: settings.incrementMs / 1000 });
  return '';
}

// startSentence: the first turn. In full, when the teams' times differ or a time control
// runs, it says so too ("Team 1 starts with 5 minutes. Team 2 has 3 minutes. Each turn,
// the clock waits 5 seconds before counting down."); otherwise, as every turn.
function startSentence(teamNames, event, t, verbosity, settings) {
  const plain = switchSentence(teamNames[event.team], event.remainingMs, t, verbosity);
  if (brief(verbosity) || !settings || event.remainingMs == null) return plain;
  const other = (event.team + 1) % 2;
  const budgets = settings.budgetsMs ?? [];
  const handicap = budgets.length === 2 && budgets[0] !== budgets[1];
  const control = controlSentence(settings, t);
  if (!handicap && !control) return plain;
  const parts = [t('donaz.announce.start', { Team: teamNames[event.team], Time: durationWords(event.remainingMs, t) })];
  if (handicap) parts.push(t('donaz.announce.other', { Team: teamNames[other], Time: durationWords(budgets[other], t) }));
  if (control) parts.push(control);
  return parts.join(' ');
}

// announcement turns a clock event (see clock.js) into what the live regions say:
// {text, assertive} or null when nothing should be said (a stale threshold; a pause made
// as the page was put away, told when it comes back: awaySentence).
// options: verbosity ('full' | 'brief'); settings, the clock's (for the start).
export function announcement(event, teamNames, t, { verbosity = 'full', settings = null } = {}) {
  const name = (i) => teamNames[i] ?? String(i + 1);
  const names = [name(0), name(1)];
  const b = brief(verbosity);
  switch (event.type) {
    case 'start':
      return { text: startSentence(names, event, t, verbosity, settings), assertive: false };
    case 'turn':
      return { text: switchSentence(name(event.team), event.remainingMs, t, verbosity), assertive: false };
    case 'threshold':
      if (event.stale) return null;
      return { text: thresholdSentence(name(event.team), event.secondsLeft, t, verbosity), assertive: false };
    case 'flag':
      return { text: flagSentence(name(event.team), t, verbosity), assertive: true };
    case 'pause':
      if (event.reason === 'hidden') return null;
      return { text: t(b ? 'donaz.brief.paused' : 'donaz.announce.paused'), assertive: false };
    case 'resume':
      return {
        text: t(b ? 'donaz.brief.resumed' : 'donaz.announce.resumed', { Team: name(event.team), Time: durationWords(event.remainingMs, t, verbosity) }),
        assertive: false,
      };
    case 'untimed':
      return { text: t(b ? 'donaz.brief.untimed' : 'donaz.announce.untimed', { Team: name(event.team) }), assertive: false };
    case 'over':
      return { text: t('donaz.announce.over'), assertive: false };
    case 'reset':
      return { text: t('donaz.announce.reset'), assertive: false };
    default:
      return null;
  }
}
