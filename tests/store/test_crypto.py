"""Keys at rest: round trip, rotation to a new key, and errors that never show a key."""

from __future__ import annotations

import pytest
from cryptography.fernet import Fernet

from bot.config import Settings
from bot.store.crypto import (
    InvalidEncryptionKey,
    KeyCipher,
    MissingEncryptionKey,
    UndecryptableSecret,
    generate_key,
)

SECRET = "sk-live-abcdef0123456789"


def test_round_trip_and_token_hides_the_secret():
    cipher = KeyCipher([generate_key()])
    token = cipher.encrypt(SECRET)
    assert SECRET.encode() not in token
    assert cipher.decrypt(token) == SECRET
    assert not cipher.needs_rotation(token)


def test_built_from_settings_newest_first():
    old, new = generate_key(), generate_key()
    token = KeyCipher([old]).encrypt(SECRET)
    cipher = KeyCipher(Settings(bot_encryption_key=f"{new}, {old}").encryption_keys())
    assert cipher.decrypt(token) == SECRET
    assert Fernet(new.encode()).decrypt(cipher.encrypt(SECRET)) == SECRET.encode()


def test_rotation_moves_an_old_token_to_the_new_key():
    old, new = generate_key(), generate_key()
    token = KeyCipher([old]).encrypt(SECRET)
    cipher = KeyCipher([new, old])
    assert cipher.needs_rotation(token)
    rotated = cipher.rotate(token)
    assert not cipher.needs_rotation(rotated)
    assert KeyCipher([new]).decrypt(rotated) == SECRET  # the old key can now go


def test_wrong_key_is_a_clear_error_without_key_material():
    token = KeyCipher([generate_key()]).encrypt(SECRET)
    other = generate_key()
    with pytest.raises(UndecryptableSecret) as caught:
        KeyCipher([other]).decrypt(token)
    assert "BOT_ENCRYPTION_KEY" in str(caught.value)
    assert other not in str(caught.value)
    assert caught.value.__cause__ is None and caught.value.__suppress_context__
    with pytest.raises(UndecryptableSecret):
        KeyCipher([other]).rotate(token)


def test_invalid_key_string_names_its_position_not_its_value():
    bad = "not-a-fernet-key-but-a-secret-looking-string"
    with pytest.raises(InvalidEncryptionKey) as caught:
        KeyCipher([generate_key(), bad])
    assert caught.value.position == 2
    assert bad not in str(caught.value)
    assert caught.value.__cause__ is None


def test_missing_key_says_how_to_make_one():
    with pytest.raises(MissingEncryptionKey, match="generate_key"):
        KeyCipher(Settings(bot_encryption_key=None).encryption_keys())


def test_repr_never_shows_keys():
    key = generate_key()
    cipher = KeyCipher([key])
    assert key not in repr(cipher) and key not in str(cipher)
    assert "1 key" in repr(cipher)
