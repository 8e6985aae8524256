"""Encryption at rest of the people's API keys, with key rotation.

`BOT_ENCRYPTION_KEY` holds one or more Fernet keys, newest first. New secrets are
encrypted with the newest; any listed key decrypts; `rotate` re-encrypts an old token
with the newest so an old key can eventually be dropped. No key material ever
appears in a repr or an exception message.
"""

from __future__ import annotations

from collections.abc import Sequence

from cryptography.fernet import Fernet, InvalidToken, MultiFernet

GENERATE_HINT = (
    'make one with: python -c "from cryptography.fernet import Fernet; '
    'print(Fernet.generate_key().decode())"'
)


class EncryptionError(Exception):
    """Base for every failure of the key cipher."""


class MissingEncryptionKey(EncryptionError):
    """No BOT_ENCRYPTION_KEY is configured, so keys cannot be stored or read."""

    def __init__(self) -> None:
        super().__init__(f"BOT_ENCRYPTION_KEY is not set; {GENERATE_HINT}")


class InvalidEncryptionKey(EncryptionError):
    """A configured key is not a Fernet key; says which one, never what it is."""

    def __init__(self, position: int) -> None:
        self.position = position
        super().__init__(
            f"BOT_ENCRYPTION_KEY entry {position} is not a valid Fernet key "
            f"(32 url-safe base64-encoded bytes); {GENERATE_HINT}"
        )


class UndecryptableSecret(EncryptionError):
    """A stored token decrypts with none of the configured keys (key dropped or changed?)."""

    def __init__(self) -> None:
        super().__init__(
            "a stored secret cannot be decrypted with any configured BOT_ENCRYPTION_KEY; "
            "was the key that encrypted it removed? The person must /connect again."
        )


def generate_key() -> str:
    """A fresh Fernet key, as text for BOT_ENCRYPTION_KEY."""
    return Fernet.generate_key().decode("ascii")


class KeyCipher:
    """Encrypts with the newest key, decrypts with any of them."""

    def __init__(self, keys: Sequence[str]) -> None:
        if not keys:
            raise MissingEncryptionKey()
        fernets: list[Fernet] = []
        for position, key in enumerate(keys, start=1):
            try:
                fernets.append(Fernet(key.strip()))
            except (ValueError, TypeError):
                # `from None`: the original error may quote the bad input.
                raise InvalidEncryptionKey(position) from None
        self._primary = fernets[0]
        self._multi = MultiFernet(fernets)
        self._count = len(fernets)

    def __repr__(self) -> str:
        return f"<KeyCipher with {self._count} key(s)>"

    __str__ = __repr__

    def encrypt(self, secret: str) -> bytes:
        return self._multi.encrypt(secret.encode("utf-8"))

    def decrypt(self, token: bytes) -> str:
        try:
            return self._multi.decrypt(token).decode("utf-8")
        except InvalidToken:
            raise UndecryptableSecret() from None

    def needs_rotation(self, token: bytes) -> bool:
        """True when `token` was not encrypted with the newest key."""
        try:
            self._primary.decrypt(token)
        except InvalidToken:
            return True
        return False

    def rotate(self, token: bytes) -> bytes:
        """`token` re-encrypted with the newest key; the secret itself is unchanged."""
        try:
            return self._multi.rotate(token)
        except InvalidToken:
            raise UndecryptableSecret() from None
