// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {SkaldBase} from "./SkaldBase.sol";
import {IRoles} from "./interfaces/IRoles.sol";
import {CharacterAttributes, CharacterChoices, ICharacters} from "./interfaces/ICharacters.sol";
import {
  Player_InvalidName,
  Player_LinkedAccountOnly,
  Player_NoCharacter,
  World_AccessDenied,
  World_ResourceAlreadyExists,
  World_ResourceNotFound
} from "./interfaces/SkaldErrors.sol";

/// Everything a reader needs about one character (see `getCharacter`).
struct CharacterInfo {
  address owner; // the main account
  address referrer;
  uint8 state; // 0 onboarding, 1 active
  uint64 registeredAt;
  uint64 lastLoginAt; // 0 before the first login
  string name;
  CharacterAttributes attributes;
  CharacterChoices choices;
}

/// Characters and account links. Rules the interface leaves open:
/// - Characters always belong to a main account: a linked play account creating one creates it for its main.
/// - A play account may request a link only while it owns no characters and has no pending or active link
///   (World_ResourceAlreadyExists(account)); the main account must own a character (Player_NoCharacter).
///   Accepting re-checks that the play account still owns none. Links therefore never chain.
/// - Link replies name an unknown pair with World_ResourceNotFound(uint160(playAccount)).
/// - Starter species 1..8 and rune 1..3; anything else reverts World_ResourceNotFound(value).
contract Characters is SkaldBase, ICharacters {
  uint8 internal constant STATE_ONBOARDING = 0;
  uint8 internal constant STATE_ACTIVE = 1;
  uint8 internal constant LINK_NONE = 0;
  uint8 internal constant LINK_PENDING = 1;
  uint8 internal constant LINK_ACTIVE = 2;

  struct Link {
    address mainAccount;
    uint8 status;
  }

  uint64 private _count;
  mapping(uint64 characterId => CharacterInfo) private _characters;
  mapping(address account => uint64[] characterIds) private _owned;
  mapping(address account => uint64 characterId) private _selected;
  mapping(address playAccount => Link) private _links;
  /// play accounts (pending or active) per main account, for `linkedAccountsOf`
  mapping(address mainAccount => address[] playAccounts) private _playAccounts;
  mapping(address playAccount => uint256 indexPlusOne) private _playIndex;

  constructor(IRoles roles_) SkaldBase(roles_) {}

  // ---- characters ----

  function createCharacter(
    address referrer,
    string calldata name,
    CharacterAttributes calldata attributes,
    CharacterChoices calldata choices
  ) external returns (uint64 characterId) {
    _checkName(name);
    if (choices.starterSpecies == 0 || choices.starterSpecies > 8) revert World_ResourceNotFound(choices.starterSpecies);
    if (choices.starterRune == 0 || choices.starterRune > 3) revert World_ResourceNotFound(choices.starterRune);
    address account = mainAccountOf(msg.sender);
    characterId = ++_count;
    uint64 registeredAt = uint64(block.timestamp);
    CharacterInfo storage c = _characters[characterId];
    c.owner = account;
    c.referrer = referrer;
    c.registeredAt = registeredAt;
    c.name = name;
    c.attributes = attributes;
    c.choices = choices;
    _owned[account].push(characterId);
    uint64 previous = _selected[account];
    _selected[account] = characterId;
    emit CharacterCreated(characterId, account, referrer, name, attributes, choices, registeredAt);
    emit CharacterSelected(account, previous, characterId);
  }

  function setCharacterName(uint64 characterId, string calldata name) external {
    CharacterInfo storage c = _ownedBySender(characterId);
    _checkName(name);
    string memory oldName = c.name;
    c.name = name;
    emit CharacterRenamed(characterId, oldName, name);
  }

  function changeCharacter(uint64 characterId) external {
    CharacterInfo storage c = _ownedBySender(characterId);
    uint64 previous = _selected[c.owner];
    _selected[c.owner] = characterId;
    emit CharacterSelected(c.owner, previous, characterId);
  }

  /// `account` in PlayerLoggedIn is msg.sender (a play account logs in as itself, for its main's character).
  function login() external {
    (uint64 characterId,) = actingCharacter(msg.sender);
    CharacterInfo storage c = _characters[characterId];
    bool completed = c.state == STATE_ONBOARDING;
    if (completed) c.state = STATE_ACTIVE;
    c.lastLoginAt = uint64(block.timestamp);
    emit PlayerLoggedIn(msg.sender, characterId, uint64(block.timestamp), completed);
  }

  // ---- account links ----

  function requestAccountLink(address mainAccount) external {
    address play = msg.sender;
    if (_owned[play].length > 0 || _links[play].status != LINK_NONE) revert World_ResourceAlreadyExists(uint160(play));
    if (_owned[mainAccount].length == 0) revert Player_NoCharacter(mainAccount);
    _links[play] = Link(mainAccount, LINK_PENDING);
    _playAccounts[mainAccount].push(play);
    _playIndex[play] = _playAccounts[mainAccount].length;
    emit AccountLinkRequested(mainAccount, play);
  }

  function acceptAccountLink(address playAccount) external {
    Link storage link = _linkTo(msg.sender, playAccount, LINK_PENDING);
    if (_owned[playAccount].length > 0) revert World_ResourceAlreadyExists(uint160(playAccount));
    link.status = LINK_ACTIVE;
    emit AccountLinkAccepted(msg.sender, playAccount);
  }

  function declineAccountLink(address playAccount) external {
    _linkTo(msg.sender, playAccount, LINK_PENDING);
    _unlink(msg.sender, playAccount);
    emit AccountLinkDeclined(msg.sender, playAccount);
  }

  function cancelAccountLink() external {
    Link memory link = _links[msg.sender];
    if (link.status != LINK_PENDING) revert Player_LinkedAccountOnly();
    _unlink(link.mainAccount, msg.sender);
    emit AccountLinkCancelled(link.mainAccount, msg.sender);
  }

  function revokeAccountLink(address playAccount) external {
    _linkTo(msg.sender, playAccount, LINK_ACTIVE);
    _unlink(msg.sender, playAccount);
    emit AccountLinkRevoked(msg.sender, playAccount);
  }

  // ---- views ----

  function mainAccountOf(address account) public view returns (address) {
    Link memory link = _links[account];
    return link.status == LINK_ACTIVE ? link.mainAccount : account;
  }

  /// The selected character of the account's main account (a linked play account shares its main's).
  function selectedCharacterOf(address account) external view returns (uint64) {
    return _selected[mainAccountOf(account)];
  }

  function actingCharacter(address caller) public view returns (uint64 characterId, address mainAccount) {
    mainAccount = mainAccountOf(caller);
    characterId = _selected[mainAccount];
    if (characterId == 0) revert Player_NoCharacter(caller);
  }

  function exists(uint64 characterId) public view returns (bool) {
    return characterId != 0 && characterId <= _count;
  }

  /// address(0) for an unknown character.
  function ownerOfCharacter(uint64 characterId) external view returns (address) {
    return _characters[characterId].owner;
  }

  /// false for an unknown character.
  function isOnboarding(uint64 characterId) external view returns (bool) {
    return exists(characterId) && _characters[characterId].state == STATE_ONBOARDING;
  }

  function nameOf(uint64 characterId) external view returns (string memory) {
    return _characters[characterId].name;
  }

  function characterCount() external view returns (uint64) {
    return _count;
  }

  /// Reverts World_ResourceNotFound for an unknown character.
  function starterOf(uint64 characterId) external view returns (uint16 species, uint8 rune) {
    CharacterChoices storage choices = _characters[characterId].choices;
    return (choices.starterSpecies, choices.starterRune);
  }

  function getCharacter(uint64 characterId) external view returns (CharacterInfo memory) {
    if (!exists(characterId)) revert World_ResourceNotFound(characterId);
    return _characters[characterId];
  }

  function charactersOf(address account) external view returns (uint64[] memory) {
    return _owned[account];
  }

  /// The link of a play account: status 0 none, 1 pending, 2 active.
  function linkOf(address playAccount) external view returns (address mainAccount, uint8 status) {
    Link memory link = _links[playAccount];
    return (link.mainAccount, link.status);
  }

  /// Play accounts of a main account, pending ones flagged.
  function linkedAccountsOf(address mainAccount) external view returns (address[] memory accounts, bool[] memory isPending) {
    accounts = _playAccounts[mainAccount];
    isPending = new bool[](accounts.length);
    for (uint256 i = 0; i < accounts.length; i++) {
      isPending[i] = _links[accounts[i]].status == LINK_PENDING;
    }
  }

  // ---- internals ----

  function _checkName(string calldata name) private pure {
    uint256 length = bytes(name).length;
    if (length < 3 || length > 24) revert Player_InvalidName();
  }

  function _ownedBySender(uint64 characterId) private view returns (CharacterInfo storage c) {
    if (!exists(characterId)) revert World_ResourceNotFound(characterId);
    c = _characters[characterId];
    if (c.owner != mainAccountOf(msg.sender)) revert World_AccessDenied(msg.sender);
  }

  function _linkTo(address mainAccount, address playAccount, uint8 status) private view returns (Link storage link) {
    link = _links[playAccount];
    if (link.mainAccount != mainAccount || link.status != status) revert World_ResourceNotFound(uint160(playAccount));
  }

  function _unlink(address mainAccount, address playAccount) private {
    address[] storage list = _playAccounts[mainAccount];
    uint256 index = _playIndex[playAccount] - 1;
    address last = list[list.length - 1];
    list[index] = last;
    _playIndex[last] = index + 1;
    list.pop();
    delete _playIndex[playAccount];
    delete _links[playAccount];
  }
}
