"""Small talk in the five languages: a message whose every word is a greeting, thanks, a
goodbye, "how are you", asking for help or a plain "ok" is answered as such, never logged."""

from __future__ import annotations

from bot.kernel.said import Notice

CHITCHAT: dict[Notice, frozenset[str]] = {
    Notice.HELP: frozenset("help hilfe ayuda what can you do who are start commands".split()),
    Notice.HOW_ARE_YOU: frozenset(
        "how are you u r doing whats up wie gehts geht es dir que tal".split()
    ),
    Notice.THANKS: frozenset(
        "thanks thank thx ty danke gracias cheers merci vielen dank muchas beaucoup grazie mille"
        " tante".split()
    ),
    Notice.BYE: frozenset(
        "bye goodbye ciao tschuss tschuess adios night gn see later gute nacht bonne nuit buona"
        " notte a plus bientot hasta luego manana arrivederci".split()
    ),
    Notice.GREETING: frozenset(
        "hi hello hey hiya yo hallo hola servus moin good morning evening afternoon buenos dias"
        " guten morgen tag abend buenas noches tardes there bot bonjour bonsoir salut coucou"
        " buongiorno buonasera salve".split()
    ),
    Notice.ACK: frozenset(
        "ok okay cool nice great awesome perfect lol haha yes yeah sure alright"
        " got it fine good very much so a lot wow k kk np".split()
    ),
}


def chitchat_kind(words: list[str]) -> Notice | None:
    """The kind of small talk when every word is small talk ("thanks!", "good morning")."""
    vocabulary = frozenset().union(*CHITCHAT.values())
    if not all(w in vocabulary for w in words):
        return None
    for kind in (Notice.HELP, Notice.THANKS, Notice.BYE, Notice.HOW_ARE_YOU, Notice.GREETING):
        if any(w in CHITCHAT[kind] for w in words):
            return kind
    return Notice.ACK
