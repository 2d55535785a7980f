/** What a value means, as a colour would say it (src/ui/theme.ts maps tones to colours; never the only cue). */
export type Tone = 'ok' | 'warn' | 'bad' | 'info' | 'muted' | 'accent' | 'plain';
