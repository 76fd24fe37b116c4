"""Storage backends: the same get/put/delete/set_aside behaviour everywhere, atomic files."""
import json
import os
import platform
import sys

import pytest
from hypothesis import given, settings, strategies as st

from game import storage as storage_mod
from game.storage import CorruptDocument, FileStorage, LocalStorage, MemoryStorage, read_or_set_aside


class FakeLocalStorage:
    """The part of the browser's window.localStorage that pygbag exposes."""

    def __init__(self):
        self.items = {}

    def getItem(self, key):
        return self.items.get(key)

    def setItem(self, key, value):
        self.items[key] = str(value)

    def removeItem(self, key):
        self.items.pop(key, None)

    def key(self, i):
        return list(self.items)[i]

    @property
    def length(self):
        return len(self.items)


@pytest.fixture(params=["file", "memory", "local"])
def store(request, tmp_path):
    if request.param == "file":
        return FileStorage(tmp_path / "data")
    if request.param == "memory":
        return MemoryStorage()
    return LocalStorage(FakeLocalStorage())


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=30, deadline=None)
@given(doc=st.dictionaries(st.text(max_size=8), json_values, max_size=5))
def test_round_trip_any_json_object(doc, tmp_path_factory):
    for s in (FileStorage(tmp_path_factory.mktemp("d")), MemoryStorage(), LocalStorage(FakeLocalStorage())):
        assert s.get("doc") is None
        s.put("doc", doc)
        assert s.get("doc") == doc
        s.delete("doc")
        assert s.get("doc") is None


def test_put_replaces_and_names_lists_documents(store):
    store.put("a", {"v": 1})
    store.put("a", {"v": 2})
    store.put("b", {})
    assert store.get("a") == {"v": 2}
    assert store.names() == ["a", "b"]
    store.delete("missing")  # deleting nothing is not an error


@pytest.mark.parametrize("name", ["../etc/passwd", "a/b", "", ".hidden", "x" * 80, "a\\b", None])
def test_names_are_never_paths(store, name):
    with pytest.raises(ValueError):
        store.put(name, {})


def test_non_object_and_nan_are_refused(store):
    with pytest.raises(TypeError):
        store.put("a", [1, 2])
    with pytest.raises(ValueError):
        store.put("a", {"x": float("nan")})
    assert store.get("a") is None


def test_set_aside_keeps_the_bytes_under_a_new_name(tmp_path):
    s = FileStorage(tmp_path)
    (tmp_path / "doc.json").write_bytes(b"{broken")
    with pytest.raises(CorruptDocument) as e:
        s.get("doc")
    assert e.value.reason == "not_json"
    backup = s.set_aside("doc")
    assert backup.startswith("doc.bad-")
    assert (tmp_path / f"{backup}.json").read_bytes() == b"{broken"
    assert s.get("doc") is None
    # A second bad document on the same second gets its own backup name.
    (tmp_path / "doc.json").write_bytes(b"[]")
    backup2 = s.set_aside("doc")
    assert backup2 != backup and (tmp_path / f"{backup2}.json").read_bytes() == b"[]"
    assert s.set_aside("doc") is None


@pytest.mark.parametrize(
    "content,reason",
    [(b"", "empty"), (b"  \n", "empty"), (b"\xff\xfe\x00garbage", "unreadable"), (b'{"a": 1', "not_json"),
     (b"[1, 2]", "not_object"), (b"null", "not_object"), (b"[" * 100000, "not_json")],
)
def test_read_or_set_aside_reports_every_kind_of_damage(tmp_path, content, reason):
    s = FileStorage(tmp_path)
    (tmp_path / "doc.json").write_bytes(content)
    doc, msg = read_or_set_aside(s, "doc", "thing")
    assert doc is None
    assert msg.key == "thing.corrupt" and msg.params["reason"] == reason
    assert (tmp_path / f"{msg.params['backup']}.json").read_bytes() == content
    assert not (tmp_path / "doc.json").exists()


def test_a_folder_in_place_of_the_file_is_unreadable_not_a_crash(tmp_path):
    s = FileStorage(tmp_path)
    (tmp_path / "doc.json").mkdir()
    doc, msg = read_or_set_aside(s, "doc", "thing")
    assert doc is None and msg.params["reason"] == "unreadable"
    s.put("doc", {"ok": True})
    assert s.get("doc") == {"ok": True}


def test_failed_write_leaves_old_document_and_no_temp_file(tmp_path, monkeypatch):
    s = FileStorage(tmp_path)
    s.put("doc", {"v": 1})

    def boom(*a, **k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", boom)
    with pytest.raises(storage_mod.StorageError):
        s.put("doc", {"v": 2})
    monkeypatch.undo()
    assert s.get("doc") == {"v": 1}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["doc.json"]


def test_stale_temp_files_are_swept(tmp_path):
    old = tmp_path / ".doc.abc.tmp"
    old.write_text("{half")
    fresh = tmp_path / ".doc.def.tmp"
    fresh.write_text("{half")
    os.utime(old, (1, 1))
    FileStorage(tmp_path)
    assert not old.exists() and fresh.exists()


def test_local_storage_uses_prefixed_keys():
    ls = FakeLocalStorage()
    ls.setItem("other-app", "x")
    s = LocalStorage(ls)
    s.put("settings", {"language": "fr"})
    assert json.loads(ls.items["orlan:settings"]) == {"language": "fr"}
    assert s.names() == ["settings"]
    ls.items["orlan:settings"] = "{not json"
    doc, msg = read_or_set_aside(s, "settings", "settings")
    assert doc is None and ls.items[f"orlan:{msg.params['backup']}"] == "{not json"


def test_default_storage_is_local_storage_in_the_browser(monkeypatch):
    ls = FakeLocalStorage()
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(platform, "window", type("W", (), {"localStorage": ls})(), raising=False)
    storage_mod.set_default_storage(None)
    try:
        s = storage_mod.default_storage()
        assert isinstance(s, LocalStorage)
        s.put("x", {"a": 1})
        assert "orlan:x" in ls.items
    finally:
        storage_mod.set_default_storage(None)


def test_default_storage_is_the_data_dir_on_desktop(monkeypatch, tmp_path):
    monkeypatch.setenv("ORLAN_DATA_DIR", str(tmp_path / "d"))
    storage_mod.set_default_storage(None)
    try:
        s = storage_mod.default_storage()
        s.put("x", {"a": 1})
        assert (tmp_path / "d" / "x.json").exists()
    finally:
        storage_mod.set_default_storage(None)
