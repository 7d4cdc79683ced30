"""The Discord side: everything that imports discord.py. `app` makes the process and hands each
part what it uses; `commands` builds the slash commands, `components` the buttons and menus,
`play` answers clicks, `publish` posts and DMs, `reminders` nudges idle seats, `locales` speaks
each user's language, `config` reads the environment."""
