import { ApiProperty } from '@nestjs/swagger';
import type { LoginRequest } from '@app/contracts';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class LoginDto implements LoginRequest {
  @ApiProperty({ example: 'admin', description: 'The admin username' })
  @IsString()
  @IsNotEmpty({ message: 'username is required' })
  @MaxLength(100)
  username!: string;

  @ApiProperty({ format: 'password', description: 'The admin password' })
  @IsString()
  @IsNotEmpty({ message: 'password is required' })
  @MaxLength(1024)
  password!: string;
}
