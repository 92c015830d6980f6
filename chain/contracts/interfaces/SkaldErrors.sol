// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

// Every custom error a Skald contract reverts with. Names follow the game's error catalogue
// (product spec section 8); the few game-specific ones at the bottom cover rules the catalogue does not name.

// admin battle
error AdminBattle_DifferentBattleTypes();
error AdminBattle_DisabledBattleType(uint8 battleType);
error AdminBattle_InvalidBattle(uint64 battleId);
error AdminBattle_InvalidVera(uint64 veraId);
error AdminBattle_MismatchedCharacterArsenals();
error AdminBattle_NoCharacters();
error AdminBattle_NoVeraSet();
error AdminBattle_TooManyCharacters();

// admin grant
error AdminGrant_InsufficientSpace();
error AdminGrant_InvalidAmuletRarity(uint8 rarity);
error AdminGrant_InvalidAmuletRuneType(uint8 runeType);
error AdminGrant_InvalidCharacter(uint64 characterId);
error AdminGrant_InvalidClan(uint64 clanId);
error AdminGrant_InvalidVera();

// roles
error InvalidRole(uint8 role);

// player
error Player_NeedsOnboardingForShop();
error Player_NeedsOnboardingForWorld();
error Player_StillOnboardingForStash();
error Player_StillOnboardingForTracker();
error Player_BeltEmpty();
error Player_BeltOverflow();
error Player_SoulboundAmulet(uint64 amuletId);
error Player_SoulboundLootBox(uint64 lootBoxId);
error Player_ZeroAmount();
error Player_AlreadyTracked(uint16 species);
error Player_LinkedAccountOnly();
error Player_UnknownAccountVersion();

// random numbers
error RandomNumbers_NoNumbers();

// store and world
error World_AccessDenied(address caller);
error World_ResourceNotFound(uint256 id);
error World_ResourceAlreadyExists(uint256 id);
error World_InsufficientBalance(uint256 balance, uint256 amount);
error World_InvalidNamespace();

// game rules the catalogue does not name
error Player_NoCharacter(address account);
error Player_InvalidName();
error Bank_StillLocked(uint64 unlockDate);
error Shop_NotPurchasable(uint32 itemId);
error Shop_NotSellable(uint32 itemId);
error Clan_NotMember(uint64 clanId, uint64 characterId);
error Clan_AlreadyInClan(uint64 characterId);
error Clan_NotInvited(uint64 clanId, uint64 characterId);
error Clan_InsufficientRank(uint64 clanId, uint64 characterId);
error Clan_NotActive(uint64 clanId);
error Battle_AlreadyQueued(uint64 characterId);
error Battle_AlreadySubmitted(uint64 battleId, uint64 characterId);
error Battle_DeadlineNotReached(uint64 battleId, uint64 deadline);
error Vera_AbilityNotAllowed(uint64 veraId, uint8 abilityId);
error Vera_StarterClaimed(uint64 characterId);
error LootBox_NotReady(uint64 lootBoxId, uint64 endTimestamp);
