"""Discord's documented limits, checked the way Discord checks them.

A bot that breaks one of these works against a naive fake and fails in
production, so the double answers 400 "Invalid Form Body" (code 50035) like
Discord. Only the limits a board-game bot can plausibly hit are checked.
"""

from __future__ import annotations

import re
from typing import Any

from .errors import EMPTY_MESSAGE, ApiError, invalid_form
from .models import (
    ACTION_ROW,
    BUTTON,
    FLAG_COMPONENTS_V2,
    LINK_STYLE,
    PREMIUM_STYLE,
    SELECT_TYPES,
    STRING_SELECT,
    TEXT_INPUT,
    walk_components,
)

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
MAX_ROWS = 5
MAX_CUSTOM_ID = 100
MAX_BUTTON_LABEL = 80
MAX_SELECT_OPTIONS = 25
MAX_CHOICES = 25
MAX_V2_COMPONENTS = 40
COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")


def check_message(payload: dict[str, Any]) -> None:
    """Limits of a message create/edit payload (also interaction responses)."""
    content = payload.get("content")
    if content is not None and len(str(content)) > MAX_CONTENT:
        raise invalid_form("content", "BASE_TYPE_MAX_LENGTH", "Must be 2000 or fewer in length.")
    embeds = payload.get("embeds") or []
    if len(embeds) > MAX_EMBEDS:
        raise invalid_form("embeds", "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
    for index, embed in enumerate(embeds):
        check_embed(embed, f"embeds.{index}")
    total = sum(_embed_length(e) for e in embeds)
    if total > MAX_EMBED_TOTAL:
        raise invalid_form(
            "embeds", "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000"
        )
    components = payload.get("components") or []
    flags = int(payload.get("flags") or 0)
    check_components(components, v2=bool(flags & FLAG_COMPONENTS_V2))
    if flags & FLAG_COMPONENTS_V2 and (payload.get("content") or payload.get("embeds")):
        raise invalid_form(
            "content",
            "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
            "The 'content' and 'embeds' fields cannot be used with the components v2 flag.",
        )


def check_not_empty(content: str, embeds: list[Any], components: list[Any], n_files: int) -> None:
    if not content and not embeds and not components and not n_files:
        raise ApiError(400, EMPTY_MESSAGE, "Cannot send an empty message")


def check_embed(embed: dict[str, Any], path: str) -> None:
    limits = {"title": 256, "description": 4096}
    for key, limit in limits.items():
        if len(embed.get(key) or "") > limit:
            raise invalid_form(
                f"{path}.{key}", "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length."
            )
    fields = embed.get("fields") or []
    if len(fields) > 25:
        raise invalid_form(
            f"{path}.fields", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."
        )
    for index, f in enumerate(fields):
        if not f.get("name") or not f.get("value"):
            raise invalid_form(
                f"{path}.fields.{index}", "BASE_TYPE_REQUIRED", "This field is required"
            )
        if len(f["name"]) > 256 or len(f["value"]) > 1024:
            raise invalid_form(f"{path}.fields.{index}", "BASE_TYPE_MAX_LENGTH", "Field too long.")


def _embed_length(embed: dict[str, Any]) -> int:
    total = len(embed.get("title") or "") + len(embed.get("description") or "")
    total += len((embed.get("footer") or {}).get("text") or "")
    total += len((embed.get("author") or {}).get("name") or "")
    for f in embed.get("fields") or []:
        total += len(f.get("name") or "") + len(f.get("value") or "")
    return total


def check_components(components: list[dict[str, Any]], *, v2: bool, modal: bool = False) -> None:
    if not v2 and not modal:
        if len(components) > MAX_ROWS:
            raise invalid_form(
                "components", "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length."
            )
        for index, row in enumerate(components):
            if row.get("type") != ACTION_ROW:
                raise invalid_form(
                    f"components.{index}",
                    "UNION_TYPE_CHOICES",
                    "Top-level components must be action rows without the components v2 flag.",
                )
            check_row(row, f"components.{index}")
    elif v2 and sum(1 for _ in walk_components(components)) > MAX_V2_COMPONENTS:
        raise invalid_form("components", "BASE_TYPE_MAX_LENGTH", "Must be 40 or fewer in total.")
    seen: set[str] = set()
    for component in walk_components(components):
        if component.get("type") == ACTION_ROW and (v2 or modal):
            check_row(component, "components")
        custom_id = component.get("custom_id")
        if custom_id is None:
            kind = component.get("type")
            needs_id = (
                kind in SELECT_TYPES
                or kind == TEXT_INPUT
                or (kind == BUTTON and component.get("style") not in (LINK_STYLE, PREMIUM_STYLE))
            )
            if needs_id:
                raise invalid_form(
                    "components", "BASE_TYPE_REQUIRED", "custom_id: This field is required"
                )
            continue
        if not 1 <= len(custom_id) <= MAX_CUSTOM_ID:
            raise invalid_form(
                "components",
                "BASE_TYPE_BAD_LENGTH",
                f"custom_id {custom_id!r}: Must be between 1 and 100 in length.",
            )
        if custom_id in seen:
            raise invalid_form(
                "components",
                "COMPONENT_CUSTOM_ID_DUPLICATED",
                f"Component custom id cannot be duplicated: {custom_id!r}",
            )
        seen.add(custom_id)
        if component.get("type") == BUTTON and len(component.get("label") or "") > MAX_BUTTON_LABEL:
            raise invalid_form(
                "components", "BASE_TYPE_MAX_LENGTH", "label: Must be 80 or fewer in length."
            )
        if component.get("type") == STRING_SELECT:
            options = component.get("options") or []
            if not 1 <= len(options) <= MAX_SELECT_OPTIONS:
                raise invalid_form(
                    "components",
                    "BASE_TYPE_BAD_LENGTH",
                    "options: Must be between 1 and 25 in length.",
                )
            values = [o.get("value") for o in options]
            if len(set(values)) != len(values):
                raise invalid_form(
                    "components",
                    "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                    "Select component option values must be unique",
                )


def check_row(row: dict[str, Any], path: str) -> None:
    children = row.get("components") or []
    kinds = [c.get("type") for c in children]
    if not children:
        raise invalid_form(
            path, "BASE_TYPE_BAD_LENGTH", "An action row needs at least one component."
        )
    if any(k in SELECT_TYPES or k == TEXT_INPUT for k in kinds) and len(children) > 1:
        raise invalid_form(
            path,
            "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
            "The specified component exceeds the maximum width",
        )
    if len(children) > 5:
        raise invalid_form(path, "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")


def check_choices(choices: list[dict[str, Any]]) -> None:
    if len(choices) > MAX_CHOICES:
        raise invalid_form("data.choices", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
    for index, choice in enumerate(choices):
        name = choice.get("name") or ""
        if not 1 <= len(name) <= 100:
            raise invalid_form(
                f"data.choices.{index}.name",
                "BASE_TYPE_BAD_LENGTH",
                "Must be between 1 and 100 in length.",
            )
        if isinstance(choice.get("value"), str) and len(choice["value"]) > 100:
            raise invalid_form(
                f"data.choices.{index}.value",
                "BASE_TYPE_MAX_LENGTH",
                "Must be 100 or fewer in length.",
            )


def check_modal(data: dict[str, Any]) -> None:
    if not 1 <= len(data.get("title") or "") <= 45:
        raise invalid_form(
            "data.title", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 45 in length."
        )
    components = data.get("components") or []
    if not 1 <= len(components) <= 5:
        raise invalid_form(
            "data.components", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length."
        )
    check_components(components, v2=False, modal=True)


# the locales Discord accepts in name_localizations / description_localizations
DISCORD_LOCALES = frozenset((
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
    "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi",
    "th", "zh-CN", "ja", "zh-TW", "ko"))


def _check_localizations(data: dict[str, Any], path: str) -> None:
    """Localized names and descriptions: known locales; names valid, descriptions 1-100."""
    for field_name in ("name_localizations", "description_localizations"):
        for locale, text in (data.get(field_name) or {}).items():
            if locale not in DISCORD_LOCALES:
                raise invalid_form(f"{path}{field_name}", "LOCALE_INVALID",
                                   f"Invalid locale {locale!r}")
            if field_name == "name_localizations" and "description" in data:
                ok = bool(COMMAND_NAME.match(text or "")) and text == text.lower()
            else:
                ok = 1 <= len(text or "") <= 100
            if not ok:
                raise invalid_form(f"{path}{field_name}.{locale}", "BASE_TYPE_BAD_LENGTH",
                                   f"Invalid {field_name} for {locale}: {text!r}")


def check_command(data: dict[str, Any], path: str = "") -> None:
    """Application command registration limits (names, descriptions, option order, and
    their localizations)."""
    _check_localizations(data, path)
    name = data.get("name") or ""
    if not COMMAND_NAME.match(name) or (data.get("type", 1) == 1 and name != name.lower()):
        raise invalid_form(
            f"{path}name", "APPLICATION_COMMAND_INVALID_NAME", f"Command name is invalid: {name!r}"
        )
    if data.get("type", 1) == 1 and not 1 <= len(data.get("description") or "") <= 100:
        raise invalid_form(
            f"{path}description",
            "BASE_TYPE_BAD_LENGTH",
            f"{name}: Must be between 1 and 100 in length.",
        )
    _check_options(data.get("options") or [], f"{path}options")


def _check_options(options: list[dict[str, Any]], path: str) -> None:
    if len(options) > 25:
        raise invalid_form(path, "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
    seen_optional = False
    names: set[str] = set()
    for index, option in enumerate(options):
        here = f"{path}.{index}"
        name = option.get("name") or ""
        if not COMMAND_NAME.match(name) or name != name.lower():
            raise invalid_form(
                f"{here}.name", "APPLICATION_COMMAND_INVALID_NAME", f"Invalid option name {name!r}"
            )
        if name in names:
            raise invalid_form(
                here, "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS", f"Duplicate {name!r}"
            )
        names.add(name)
        _check_localizations(option, f"{here}.")
        for c, choice in enumerate(option.get("choices") or []):
            _check_localizations(choice, f"{here}.choices.{c}.")
        if not 1 <= len(option.get("description") or "") <= 100:
            raise invalid_form(
                f"{here}.description",
                "BASE_TYPE_BAD_LENGTH",
                f"{name}: Must be between 1 and 100 in length.",
            )
        if option.get("type") in (1, 2):
            _check_options(option.get("options") or [], f"{here}.options")
            continue
        if option.get("required"):
            if seen_optional:
                raise invalid_form(
                    here,
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    "Required options must be placed before non-required options",
                )
        else:
            seen_optional = True
        if len(option.get("choices") or []) > MAX_CHOICES:
            raise invalid_form(
                f"{here}.choices", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."
            )
        if option.get("choices") and option.get("autocomplete"):
            raise invalid_form(
                f"{here}.autocomplete",
                "APPLICATION_COMMAND_OPTION_CHOICES_AND_AUTOCOMPLETE",
                "Autocomplete cannot be set with choices",
            )
