import { Body, Controller, Get, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CredentialsService } from './credentials.service';
import { CreateCredentialDto } from './dto/create-credential.dto';
import { CredentialResponseDto } from './dto/credential-response.dto';

@ApiTags('credentials')
@Controller('credentials')
export class CredentialsController {
  constructor(private readonly credentials: CredentialsService) {}

  @Get()
  @ApiOperation({ summary: 'Every credential with its documents and status, newest first' })
  @ApiOkResponse({ type: [CredentialResponseDto] })
  list(): Promise<CredentialResponseDto[]> {
    return this.credentials.list();
  }

  @Post()
  @ApiOperation({ summary: 'Create a named credential group (pending, no documents)' })
  @ApiCreatedResponse({ type: CredentialResponseDto })
  @ApiBadRequestResponse({ description: 'Name empty after trimming, or longer than 200 characters' })
  create(@Body() body: CreateCredentialDto): Promise<CredentialResponseDto> {
    return this.credentials.create(body.name, body.userId);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One credential with its documents' })
  @ApiOkResponse({ type: CredentialResponseDto })
  @ApiBadRequestResponse({ description: 'The id is not a UUID' })
  @ApiNotFoundResponse({ description: 'No such credential' })
  get(@Param('id', ParseUUIDPipe) id: string): Promise<CredentialResponseDto> {
    return this.credentials.get(id);
  }
}
