// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

// Stand-ins for the Nitro precompiles scripts/chain/deploy.mjs talks to, for test/scripts/nitro-scripts.test.mjs,
// which puts each one's runtime code at its precompile's address on anvil (anvil_setCode). Behaviour as
// in Nitro's precompiles/*.go and arbos/programs/programs.go, reduced to what the scripts rely on; the
// `fake*` functions are the test's levers (an ArbOS upgrade, time passing) and have no Nitro counterpart.

address constant ARB_SYS = address(0x64);
address constant ARB_OWNER = address(0x70);
address constant ARB_WASM = address(0x71);
address constant ARB_DEBUG = address(0xff);

/// @notice ArbSys (0x64): the chain id and the ArbOS version, which a chain owner's scheduled
/// upgrade raises when the next block starts (Nitro arbos/arbosState: UpgradeArbosVersionIfNecessary).
contract FakeArbSys {
    /// @notice A fresh `nitro --dev` chain of the v3.11 images (reported by their users; Nitro's
    /// cmd/chaininfo/arbitrum_chain_info.json "arb-dev-test" had 51 in v3.9).
    uint64 public constant DEV_GENESIS_ARBOS = 59;

    uint64 internal version;
    uint64 internal scheduledVersion;
    uint64 internal scheduledTimestamp;
    uint256 internal scheduledInBlock;

    function arbChainID() external view returns (uint256) {
        return block.chainid;
    }

    /// @notice 55 + the ArbOS version (Nitro precompiles/ArbSys.go: "Nitro starts at version 56").
    function arbOSVersion() external view returns (uint256) {
        return 55 + currentArbOS();
    }

    function currentArbOS() public view returns (uint64) {
        uint64 before = version == 0 ? DEV_GENESIS_ARBOS : version;
        if (scheduledVersion == 0 || block.number <= scheduledInBlock) return before;
        // forge-lint: disable-next-line(block-timestamp)
        return block.timestamp >= scheduledTimestamp ? scheduledVersion : before;
    }

    /// @notice What ArbOwner.scheduleArbOSUpgrade does.
    function fakeSchedule(uint64 newVersion, uint64 timestamp) external {
        require(msg.sender == ARB_OWNER, "only ArbOwner");
        version = currentArbOS();
        (scheduledVersion, scheduledTimestamp, scheduledInBlock) = (newVersion, timestamp, block.number);
    }

    /// @notice The test's lever: a chain that runs `newVersion` already.
    function fakeSetArbOS(uint64 newVersion) external {
        (version, scheduledVersion) = (newVersion, 0);
    }
}

/// @notice ArbOwner (0x70): chain owners, cache managers and the L1 price per unit.
contract FakeArbOwner {
    /// @notice Only a chain owner may call this (Nitro: "unauthorized caller to access-controlled method").
    error NotChainOwner(address caller);

    mapping(address => bool) public isChainOwner;
    mapping(address => bool) public isCacheManager;
    bool internal l1PriceSet;
    uint256 internal l1Price;
    uint8 internal maxFragments;

    modifier onlyOwner() {
        if (!isChainOwner[msg.sender]) revert NotChainOwner(msg.sender);
        _;
    }

    /// @notice What ArbDebug.becomeChainOwner does.
    function fakeAddOwner(address owner) external {
        if (msg.sender != ARB_DEBUG) revert NotChainOwner(msg.sender);
        isChainOwner[owner] = true;
    }

    function setL1PricePerUnit(uint256 price) external onlyOwner {
        (l1PriceSet, l1Price) = (true, price);
    }

    function addWasmCacheManager(address manager) external onlyOwner {
        isCacheManager[manager] = true;
    }

    function scheduleArbOSUpgrade(uint64 newVersion, uint64 timestamp) external onlyOwner {
        FakeArbSys(ARB_SYS).fakeSchedule(newVersion, timestamp);
    }

    function setMaxStylusContractFragments(uint8 count) external onlyOwner {
        maxFragments = count;
    }

    /// @notice Nitro's initial MaxFragmentCount, 4 (arbos/programs/params.go initialMaxFragmentCount;
    /// an older snapshot had 2; Nethermind's Arbitrum port has 4 too).
    function maxStylusContractFragments() external view returns (uint8) {
        return maxFragments == 0 ? 4 : maxFragments;
    }

    /// @notice The L1 price per unit: a dev node starts above 0.
    function l1PricePerUnit() external view returns (uint256) {
        return l1PriceSet ? l1Price : 50 gwei;
    }
}

/// @notice ArbDebug (0xff, debug chains only).
contract FakeArbDebug {
    function becomeChainOwner() external {
        FakeArbOwner(ARB_OWNER).fakeAddOwner(msg.sender);
    }
}

/// @notice ArbOwnerPublic (0x6b).
contract FakeArbOwnerPublic {
    function isChainOwner(address account) external view returns (bool) {
        return FakeArbOwner(ARB_OWNER).isChainOwner(account);
    }

    /// @notice From ArbOS 60 (ArbosVersion_StylusContractLimit); reverts without data before, as
    /// Nitro's precompile methods do below their version.
    function getMaxStylusContractFragments() external view returns (uint8) {
        if (FakeArbSys(ARB_SYS).currentArbOS() < 60) revert();
        return FakeArbOwner(ARB_OWNER).maxStylusContractFragments();
    }
}

/// @notice ArbGasInfo (0x6c): getL1BaseFeeEstimate is the L1 price per unit.
contract FakeArbGasInfo {
    function getL1BaseFeeEstimate() external view returns (uint256) {
        return FakeArbOwner(ARB_OWNER).l1PricePerUnit();
    }
}

/// @notice ArbWasm (0x71): program activation by code hash, with Nitro's errors.
contract FakeArbWasm {
    error ProgramNotWasm();
    error ProgramNotActivated();
    error ProgramNeedsUpgrade(uint16 version, uint16 stylusVersion);
    error ProgramExpired(uint64 ageInSeconds);
    error ProgramUpToDate();
    error ProgramInsufficientValue(uint256 have, uint256 want);

    /// @notice The data fee of an activation, in wei (Nitro prices it by the program's asm size).
    uint256 public constant DATA_FEE = 1_234_567_890;
    /// @notice The chain's ActivationGas, which every activation burns from ArbOS 59 (ArbOwner sets
    /// it on a real chain).
    uint64 internal constant ACTIVATION_GAS = 2_000_000;
    /// @notice What ArbWasm.activateProgram burns first at every version (`c.Burn(1659168)`, Nitro
    /// precompiles/ArbWasm.go).
    uint64 internal constant ACTIVATION_FIXED_GAS = 1_659_168;
    /// @notice Nitro's default ExpiryDays (365).
    uint256 public constant EXPIRY = 365 days;

    struct Program {
        uint16 version;
        uint64 activatedAt;
    }

    mapping(bytes32 => Program) internal programs;
    /// @notice How often each code hash was activated (for the test's assertions).
    mapping(bytes32 => uint256) public activations;
    uint16 internal upgrades;

    /// @notice Stylus version 2 (ArbOS 50/51), plus one per fakeArbOSUpgrade.
    function stylusVersion() public view returns (uint16) {
        return 2 + upgrades;
    }

    function codehashVersion(bytes32 codehash) public view returns (uint16) {
        Program memory program = programs[codehash];
        if (program.version == 0) revert ProgramNotActivated();
        if (program.version != stylusVersion()) revert ProgramNeedsUpgrade(program.version, stylusVersion());
        uint256 age = block.timestamp - program.activatedAt;
        // forge-lint: disable-next-line(unsafe-typecast)
        if (age > EXPIRY) revert ProgramExpired(uint64(age)); // an age since a uint64 timestamp
        return program.version;
    }

    function programVersion(address program) external view returns (uint16) {
        return codehashVersion(program.codehash);
    }

    /// @notice From ArbOS 59 (Nitro arbos/programs/programs.go ActivationGas).
    function activationGas() external view returns (uint64) {
        if (FakeArbSys(ARB_SYS).currentArbOS() < 59) revert();
        return ACTIVATION_GAS;
    }

    /// @notice Activates the code at `program` (any caller), burning ArbWasm's fixed charge and the
    /// chain's ActivationGas (not the compile charge, which the meter's check computes), charging
    /// DATA_FEE and returning the rest. A root's fragments are checked as Nitro's getWasmFromRootStylus
    /// does, short of decompressing them (test/scripts/fakes/stylus-front.mjs does that).
    function activateProgram(address program) external payable returns (uint16 version, uint256 dataFee) {
        burn(ACTIVATION_FIXED_GAS);
        if (FakeArbSys(ARB_SYS).currentArbOS() >= 59) burn(ACTIVATION_GAS);
        bytes memory code = program.code;
        if (code.length < 4 || code[0] != 0xef || code[1] != 0xf0) revert ProgramNotWasm();
        if (code[2] == 0x01) {
            revert(
                "fragmented stylus programs cannot be activated directly; activate the root program instead"
            );
        }
        if (code[2] == 0x02) checkRoot(code);
        else if (code[2] != 0x00) revert ProgramNotWasm();
        Program memory current = programs[program.codehash];
        bool expired = block.timestamp - current.activatedAt > EXPIRY;
        if (current.version == stylusVersion() && !expired) revert ProgramUpToDate();
        if (msg.value < DATA_FEE) revert ProgramInsufficientValue(msg.value, DATA_FEE);
        // forge-lint: disable-next-line(unsafe-typecast)
        programs[program.codehash] = Program(stylusVersion(), uint64(block.timestamp)); // seconds fit
        activations[program.codehash] += 1;
        payable(msg.sender).transfer(msg.value - DATA_FEE);
        return (stylusVersion(), DATA_FEE);
    }

    /// @notice Burns `gas` (out of gas, so the transaction fails, when less is left).
    function burn(uint256 gas) internal view {
        uint256 until = gasleft() - gas;
        while (gasleft() > until) {}
    }

    /// @notice Root 0xEFF002 ‖ dictionary ‖ length (4 bytes) ‖ 20-byte fragment addresses: from ArbOS
    /// 60, 1 to MaxFragmentCount fragments, each 0xEFF001 code.
    function checkRoot(bytes memory code) internal view {
        if (FakeArbSys(ARB_SYS).currentArbOS() < 60) revert("specified bytecode is not a Stylus program");
        if (code.length < 8 || (code.length - 8) % 20 != 0) revert("stylus program root has invalid length");
        uint256 count = (code.length - 8) / 20;
        if (count == 0) revert("invalid wasm: fragment count cannot be zero");
        if (count > FakeArbOwner(ARB_OWNER).maxStylusContractFragments()) {
            revert("invalid wasm: fragment count exceeds limit");
        }
        for (uint256 i = 0; i < count; i++) {
            address fragment;
            assembly ("memory-safe") {
                fragment := shr(96, mload(add(add(code, 40), mul(i, 20))))
            }
            bytes memory piece = fragment.code;
            if (piece.length < 4 || piece[0] != 0xef || piece[1] != 0xf0 || piece[2] != 0x01) {
                revert("specified bytecode is not a Stylus program fragment");
            }
        }
    }

    /// @notice An ArbOS upgrade that raises the Stylus version: every program needs activating again.
    function fakeArbOSUpgrade() external {
        upgrades += 1;
    }

    /// @notice Makes a program's activation `secondsAgo` older.
    function fakeAge(bytes32 codehash, uint64 secondsAgo) external {
        programs[codehash].activatedAt -= secondsAgo;
    }
}

/// @notice ArbWasmCache (0x72): caching belongs to the code hash; managers and owners may cache and evict.
contract FakeArbWasmCache {
    /// @notice Nitro: only a cache manager or chain owner may cache or evict.
    error NotCacheManager(address caller);

    mapping(bytes32 => bool) public codehashIsCached;

    modifier onlyManager() {
        FakeArbOwner owner = FakeArbOwner(ARB_OWNER);
        if (!owner.isCacheManager(msg.sender) && !owner.isChainOwner(msg.sender)) {
            revert NotCacheManager(msg.sender);
        }
        _;
    }

    function isCacheManager(address manager) external view returns (bool) {
        return FakeArbOwner(ARB_OWNER).isCacheManager(manager);
    }

    /// @notice Caches an active program; like Nitro, fails with ArbWasm's error for one that is not.
    function cacheProgram(address program) external onlyManager {
        FakeArbWasm(ARB_WASM).codehashVersion(program.codehash);
        codehashIsCached[program.codehash] = true;
    }

    function evictCodehash(bytes32 codehash) external onlyManager {
        codehashIsCached[codehash] = false;
    }
}
