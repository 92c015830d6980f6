/**
 * A viking drawn from its thirteen look attributes (ICharacters): build, skin, hair, eyes, clothes, leather,
 * stitching and trinkets each change the picture, so the creator's preview shows exactly what is chosen.
 */
import type { CharacterAttributes } from '@skald/game';

const SKIN = ['#f3d9c6', '#e8c1a0', '#d79a7b', '#c08a5b', '#9c6b43', '#6b4630'];
const EYES = ['#8fc3e0', '#8a8f98', '#6fae5b', '#d9a03f', '#8b6a3e', '#8a6fc7'];
const HAIR = ['#e6d28c', '#c46a2f', '#8a3b22', '#1f1b18', '#a8a39a', '#f2f0ea'];
const CLOTH = ['#d8cfb8', '#a8322d', '#2f5aa0', '#d9b23a', '#5f8a4a', '#26262b'];
const LEATHER = ['#a0673a', '#5a3b22', '#6b1f1f', '#3b3330'];
const METAL = ['#8a8f98', '#b07a3a', '#d6d9de', '#e8c04a'];

const pick = (list: string[], value: number) => list[(value - 1 + list.length) % list.length] as string;

export function VikingAvatar({ look, size = 160 }: { look: CharacterAttributes; size?: number }) {
  const skin = pick(SKIN, look.skinColor);
  const hair = pick(HAIR, look.hairColor);
  const shirt = pick(CLOTH, look.shirtColor);
  const pants = pick(CLOTH, look.pantsColor);
  const stitches = pick(CLOTH, look.stitchesColor);
  const leather = pick(LEATHER, look.leatherColor);
  const metal = pick(METAL, look.accessoryColor);
  const width = [30, 38, 44][(look.bodyType - 1) % 3] ?? 38;
  const left = 60 - width / 2;
  return (
    <svg
      viewBox="0 0 120 160"
      width={size}
      height={(size * 4) / 3}
      role="img"
      aria-label="Preview of your viking"
      data-testid="viking-preview"
      data-look={Object.values(look).join('-')}
    >
      <rect x="0" y="0" width="120" height="160" rx="10" fill="#161b22" />
      {/* legs */}
      <rect x={left + 4} y="112" width={width / 2 - 5} height="34" fill={pants} />
      <rect x={60 + 1} y="112" width={width / 2 - 5} height="34" fill={pants} />
      <rect x={left + 2} y="142" width={width / 2 - 2} height="8" rx="2" fill={leather} />
      <rect x={60} y="142" width={width / 2 - 2} height="8" rx="2" fill={leather} />
      {/* torso */}
      <rect x={left} y="66" width={width} height="50" rx="8" fill={shirt} />
      <path
        d={`M${left + 4} 78h${width - 8}M${left + 4} 104h${width - 8}`}
        stroke={stitches}
        strokeWidth="1.5"
        strokeDasharray="3 2"
      />
      <rect x={left} y="106" width={width} height="7" fill={leather} />
      <rect x="56" y="106" width="8" height="7" fill={metal} />
      {/* arms */}
      <rect x={left - 9} y="70" width="9" height="36" rx="4" fill={skin} />
      <rect x={left + width} y="70" width="9" height="36" rx="4" fill={skin} />
      {look.accessorySecondaryType === 3 ? (
        <rect x={left - 10} y="84" width="11" height="4" rx="2" fill={metal} data-part="arm-ring" />
      ) : null}
      {/* head */}
      <circle cx="60" cy="44" r="20" fill={skin} />
      <HairShape type={look.hairType} color={hair} />
      <path d="M46 52c4 12 24 12 28 0c-2 14-26 14-28 0z" fill={hair} />
      <circle cx="53" cy="42" r="2.6" fill={pick(EYES, look.eyeColorMain)} />
      <circle cx="67" cy="42" r="2.6" fill={pick(EYES, look.eyeColorSecondary)} />
      {look.accessoryMainType === 2 ? (
        <path d="M39 38a21 21 0 0 1 42 0z M58 38h4v14h-4z" fill={metal} data-part="helm" />
      ) : null}
      {look.accessoryMainType === 3 ? (
        <path d="M37 44a23 23 0 0 1 46 0v-6a23 23 0 0 0-46 0z" fill={leather} data-part="hood" />
      ) : null}
      {look.accessoryMainType === 4 ? (
        <rect x="41" y="29" width="38" height="4" rx="2" fill={metal} data-part="circlet" />
      ) : null}
      {look.accessorySecondaryType === 2 ? (
        <path d="M48 66a12 6 0 0 0 24 0" stroke={metal} strokeWidth="3" fill="none" data-part="torc" />
      ) : null}
      {look.accessorySecondaryType === 4 ? (
        <g data-part="pendant">
          <path d="M52 66l8 10 8-10" stroke={metal} strokeWidth="1.2" fill="none" />
          <rect x="57" y="75" width="6" height="8" fill={metal} />
        </g>
      ) : null}
    </svg>
  );
}

function HairShape({ type, color }: { type: number; color: string }) {
  switch (type) {
    case 1:
      return null;
    case 2:
      return (
        <g fill={color}>
          <path d="M40 42a20 20 0 0 1 40 0c-6-8-34-8-40 0z" />
          <rect x="36" y="42" width="6" height="26" rx="3" />
          <rect x="78" y="42" width="6" height="26" rx="3" />
        </g>
      );
    case 3:
      return <path d="M40 42a20 20 0 0 1 40 0v26h-6V44c-6-8-22-8-28 0v24h-6z" fill={color} />;
    case 4:
      return (
        <g fill={color}>
          <path d="M41 38a19 19 0 0 1 38 0c-6-6-32-6-38 0z" />
          <circle cx="60" cy="22" r="6" />
        </g>
      );
    default:
      return <rect x="56" y="20" width="8" height="18" rx="3" fill={color} />;
  }
}
